import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Battle, Vote, VoteResult } from '@sangam/contracts';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { AnswerMarkdown } from '@/components/tool/answer-markdown';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCastVote, useCreateBattle } from '@/features/arena/api/battles';
import { AppError } from '@/lib/app-error';
import { categoryName } from '@/lib/i18n/category-names';

const VOTES: Array<{ winner: Vote['winner']; label: MessageDescriptor }> = [
  { winner: 'a', label: msg`A is better` },
  { winner: 'b', label: msg`B is better` },
  { winner: 'tie', label: msg`Tie` },
  { winner: 'both_bad', label: msg`Both are bad` },
];

/** A failed call's message, read out as an alert. */
function ErrorLine({ error, className }: { error: unknown; className?: string }) {
  const { t } = useLingui();
  return (
    <p role="alert" className={clsx(className, 'text-sm text-rose-300')}>
      {error instanceof AppError ? error.message : t`Something went wrong. Please try again.`}
    </p>
  );
}

function AnswerCard({ side, text, revealed }: { side: 'A' | 'B'; text: string; revealed?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card min-w-0">
      <h2 id={headingId} className="text-lg font-semibold break-words text-white">
        {side === 'A' ? <Trans>Model A</Trans> : <Trans>Model B</Trans>}
        {revealed && (
          <span className="ml-2 text-sm font-normal text-neon-cyan" translate="no">
            {revealed}
          </span>
        )}
      </h2>
      {/* The model's answer: model output, never translated. */}
      <div className="mt-3 break-words text-slate-200" translate="no">
        <AnswerMarkdown text={text} isStreaming={false} />
      </div>
    </section>
  );
}

/**
 * A blind battle: a prompt, two anonymous answers side by side (stacked on a phone), the vote,
 * and only then the names. Self-contained, so the chat's universe mode can show it behind its
 * Battle switch.
 */
export function BattleArena({ initialPrompt = '' }: { initialPrompt?: string }) {
  const promptId = useId();
  const [prompt, setPrompt] = useState(initialPrompt);
  const [battle, setBattle] = useState<Battle | null>(null);
  const [result, setResult] = useState<VoteResult | null>(null);
  const create = useCreateBattle();
  const vote = useCastVote();
  const { i18n, t } = useLingui();

  const start = (e: FormEvent) => {
    e.preventDefault();
    const text = prompt.trim();
    if (!text || create.isPending) return;
    setBattle(null);
    setResult(null);
    vote.reset();
    create.mutate({ prompt: text }, { onSuccess: setBattle });
  };
  const choose = (winner: Vote['winner']) => {
    if (!battle || result || vote.isPending) return;
    vote.mutate({ battleId: battle.battleId, winner }, { onSuccess: setResult });
  };
  const again = () => {
    setBattle(null);
    setResult(null);
    setPrompt('');
    create.reset();
    vote.reset();
  };

  const nameA = result?.models.A.name;
  const nameB = result?.models.B.name;
  const category = result ? categoryName(i18n, result.category) : '';
  return (
    <div className="space-y-6">
      <form onSubmit={start} className="card space-y-3">
        <label htmlFor={promptId} className="block text-sm font-medium text-slate-200">
          <Trans>Your prompt</Trans>
        </label>
        <textarea
          id={promptId}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          maxLength={4000}
          rows={3}
          className="w-full rounded-xl border border-white/10 bg-black/30 p-3 text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-neon-cyan"
          placeholder={t`Ask anything; two anonymous models will answer.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={!prompt.trim() || create.isPending}>
            {create.isPending ? <Trans>Models are answering…</Trans> : <Trans>Start battle</Trans>}
          </button>
          {create.isPending && <Spinner />}
        </div>
        {create.isError && <ErrorLine error={create.error} />}
      </form>

      {battle && (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <AnswerCard side="A" text={battle.answers.A} revealed={result?.models.A.name} />
            <AnswerCard side="B" text={battle.answers.B} revealed={result?.models.B.name} />
          </div>
          {!result ? (
            <fieldset className="card">
              <legend className="px-1 text-sm font-medium text-slate-200">
                <Trans>Which answer is better?</Trans>
              </legend>
              <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
                {VOTES.map((v) => (
                  <button
                    key={v.winner}
                    type="button"
                    onClick={() => choose(v.winner)}
                    disabled={vote.isPending}
                    className={clsx('btn-ghost justify-center text-center break-words', v.winner === 'both_bad' && 'text-rose-200')}
                  >
                    {i18n._(v.label)}
                  </button>
                ))}
              </div>
              {vote.isError && <ErrorLine error={vote.error} className="mt-3" />}
            </fieldset>
          ) : (
            <section aria-label={t`Result`} className="card space-y-2" aria-live="polite">
              <p className="break-words text-white">
                <Trans>
                  Thanks for voting. Model A was <strong translate="no">{nameA}</strong>; Model B was{' '}
                  <strong translate="no">{nameB}</strong>.
                </Trans>
              </p>
              <p className="text-sm text-slate-400">
                <Trans>Counted under {category}.</Trans>
              </p>
              <div className="flex flex-wrap gap-3">
                <button type="button" className="btn-primary" onClick={again}>
                  <Trans>New battle</Trans>
                </button>
                <Link to={paths.leaderboard} className="btn-ghost justify-center">
                  <Trans>See the leaderboard</Trans>
                </Link>
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
