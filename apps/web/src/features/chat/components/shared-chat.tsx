import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '@sangam/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Markdown } from '@/components/markdown/markdown';
import { Spinner } from '@/components/ui/spinner';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { useShared } from '@/features/chat/api/get-shared';
import { AgreementPanel } from '@/features/chat/components/agreement-panel';
import { cardsOf } from '@/features/chat/lib/cards';
import { uiLocale } from '@/features/chat/lib/locale-format';
import { toTurns } from '@/features/chat/lib/thread';
import { chatTitleIn } from '@/lib/i18n/chat-title';
import { formatDate } from '@/lib/i18n/format';

const brand = BRAND.name;

/** A shared chat, read-only: the questions and answers of one snapshot, no account data, not indexed. */
export function SharedChat({ shareId }: { shareId: string }) {
  const { i18n, t } = useLingui();
  const shared = useShared(shareId);
  const robots = <meta name="robots" content="noindex, nofollow" />;
  if (shared.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        {robots}
        <Spinner className="size-8 text-neon-cyan" label={t`Loading the shared chat`} />
      </div>
    );
  }
  if (!shared.data) {
    return (
      <div className="grid min-h-[60vh] place-items-center px-4 text-center">
        {robots}
        <title>{t`Shared chat not found · ${brand}`}</title>
        <div>
          <h1 className="text-2xl font-bold text-white">
            <Trans>Shared chat not found</Trans>
          </h1>
          <p className="mt-2 text-slate-300">
            <Trans>This link does not exist or was revoked by its owner.</Trans>
          </p>
          <Link to={paths.home} className="btn-primary mt-6">
            <Trans>Go to {brand}</Trans>
          </Link>
        </div>
      </div>
    );
  }
  const { mode, messages, sharedAt } = shared.data;
  const title = chatTitleIn(i18n, shared.data.title);
  const turns = toTurns(messages);
  const date = formatDate(uiLocale(), sharedAt);
  // The mode names stay in English (docs/i18n.md's glossary).
  const modeName = mode === 'universe' ? 'Universe mode' : 'Sangam mode';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      {robots}
      <title>{`${title} · ${brand}`}</title>
      <h1 className="text-2xl font-bold break-words text-white" data-testid="chat-title">
        {title}
      </h1>
      <p className="mt-1 text-xs text-slate-400">
        <Trans>
          Shared {date} · {modeName} · read-only
        </Trans>
      </p>
      <ol className="mt-6 grid gap-8">
        {turns.map((t) => {
          const cards = t.assistant ? cardsOf(t.assistant) : [];
          const shown = mode === 'universe' ? cards : cards.slice(0, 1);
          return (
            <li key={t.user.id} className="grid gap-3" data-testid="shared-turn">
              <p className="ml-auto max-w-[42rem] rounded-2xl rounded-tr-sm border border-neon-cyan/30 bg-neon-cyan/10 px-4 py-3 text-sm whitespace-pre-wrap text-slate-100">
                {t.user.content}
              </p>
              {shown.map((c) => (
                <article key={c.id} aria-label={c.title} className="rounded-2xl border border-white/10 bg-panel/90 p-4">
                  <h2 className="mb-2 font-semibold text-white">{c.title}</h2>
                  <Markdown text={c.content} isStreaming={false} />
                </article>
              ))}
              {t.assistant?.analysis && <SharedAnalysis assistant={t.assistant} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The answer's "How the models agreed", read-only: a chip shows that model's full answer under the panel. */
function SharedAnalysis({ assistant }: { assistant: ChatMessage }) {
  const { t } = useLingui();
  const [isOpen, setIsOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const analysis = assistant.analysis;
  if (!analysis) return null;
  const names = new Map(assistant.answers.map((a) => [a.answerId ?? a.modelId, a.name]));
  const answer = assistant.answers.find((a) => (a.answerId ?? a.modelId) === shown);
  const name = answer?.name ?? '';
  return (
    <div>
      <AgreementPanel
        analysis={analysis}
        names={names}
        isOpen={isOpen}
        onToggle={() => setIsOpen((o) => !o)}
        onOpenAnswer={(id) => setShown((s) => (s === id ? null : id))}
      />
      {answer && (
        <article aria-label={t`${name}'s answer`} className="mt-3 rounded-2xl border border-neon-cyan/30 bg-panel/90 p-4">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="font-semibold text-white">
              <Trans>{name}'s answer</Trans>
            </h2>
            <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={() => setShown(null)}>
              <Trans>Close</Trans>
            </button>
          </div>
          <Markdown text={answer.text} isStreaming={false} />
        </article>
      )}
    </div>
  );
}
