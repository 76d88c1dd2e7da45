import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { ChevronDown, ChevronUp, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';
import { AnswerMarkdown } from '@/components/tool/answer-markdown';
import { CitationList } from '@/components/tool/citation-list';
import { FailureCard } from '@/components/tool/failure-card';
import { ModelProgressList } from '@/components/tool/model-progress';
import { TOOL_TYPING } from '@/config/timings';
import { bookName, bookReligion } from '@/features/scripture/book-names';
import { BOOK_ACCENT } from '@/features/scripture/components/book-picker';
import { type BookAnswer, citationsOf, type WaitReason } from '@/features/scripture/hooks/use-scripture-answers';
import { answerToRead, isAwaitingAnswer } from '@/lib/agent/tool-run';

const WAITING: Record<WaitReason, MessageDescriptor> = {
  turn: msg`Waiting: books are asked a few at a time`,
  allowance: msg`Waiting for the other books to finish (they share your allowance)`,
  busy: msg`Waiting: too many answers at once, asking again shortly`,
};

export function BookAnswerCard({
  answer,
  isCollapsed,
  onToggle,
  onRetry,
}: {
  answer: BookAnswer;
  isCollapsed: boolean;
  onToggle: () => void;
  onRetry: () => void;
}) {
  const { run } = answer;
  const { t, i18n } = useLingui();
  const name = bookName(i18n, answer.book);
  // What a finished answer without text shows (docs/spec-rules.md §8).
  const emptyText = run.isBlank ? t`No content available` : t`No response available from ${name}`;
  const scroller = useRef<HTMLDivElement>(null);
  const [userScrolled, setUserScrolled] = useState(false);
  // Typed once: a card remounted by Compare All or the carousel goes on where it was.
  const toRead = answerToRead(run);
  const typed = useTypewriter(toRead, TOOL_TYPING.scripture, { resumeKey: answer.id });
  const isEmpty = run.status === 'done' && run.isEmpty === true;
  const isWhole = run.status === 'done' && (isEmpty || typed.isComplete);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the text as it is typed
  useEffect(() => {
    const el = scroller.current;
    if (el && !userScrolled && !isWhole) el.scrollTop = el.scrollHeight;
  }, [typed.shown]);
  const citations = citationsOf(answer);
  return (
    <article
      aria-label={name}
      data-testid="book-answer"
      data-status={run.status}
      data-typed={isWhole ? 'whole' : 'typing'}
      data-arrived={toRead.length}
      className={clsx('flex h-full w-full flex-col rounded-2xl border bg-panel/95 p-4 shadow-2xl', BOOK_ACCENT[answer.book.color])}
    >
      <header className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <img src={answer.book.image} alt="" width={32} height={32} className="size-8" />
          <div>
            <h3 className="font-semibold break-words text-white">{name}</h3>
            <p className="text-xs break-words text-slate-400">{bookReligion(i18n, answer.book)}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!isCollapsed}
          aria-label={isCollapsed ? t`Expand ${name}` : t`Collapse ${name}`}
          className="rounded p-1 text-slate-300 hover:text-white"
        >
          {isCollapsed ? <ChevronDown className="size-5" aria-hidden="true" /> : <ChevronUp className="size-5" aria-hidden="true" />}
        </button>
      </header>
      {!isCollapsed && (
        <div
          ref={scroller}
          onWheel={() => setUserScrolled(true)}
          className="mt-3 max-h-96 flex-1 overflow-y-auto pr-1 text-sm text-slate-100"
          data-testid="book-answer-text"
        >
          {run.status === 'queued' ? (
            <p data-testid="book-waiting" className="text-slate-300">
              <LoadingDots label={i18n._(WAITING[answer.waitReason ?? 'turn'])} className="text-slate-300" />
            </p>
          ) : isAwaitingAnswer(run) ? (
            <>
              <LoadingDots label={t`Thinking`} className="text-slate-300" />
              <ModelProgressList models={run.models} isFusing={run.isFusing} />
            </>
          ) : run.status === 'failed' && run.error ? (
            <FailureCard
              title={t`${name} could not answer`}
              error={run.error}
              action={
                <button type="button" className="btn-ghost px-3 py-1" onClick={onRetry}>
                  <RotateCcw className="size-4" aria-hidden="true" /> <Trans>Ask again</Trans>
                </button>
              }
            />
          ) : (
            <AnswerMarkdown text={isEmpty ? emptyText : typed.shown} isStreaming={!isWhole} />
          )}
          {!isAwaitingAnswer(run) && <ModelProgressList models={run.models.filter((m) => m.status === 'failed')} />}
          {isWhole && <CitationList citations={citations} />}
        </div>
      )}
    </article>
  );
}
