import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Check, Copy, Maximize2, Minimize2, Pencil, ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Markdown } from '@/components/markdown/markdown';
import { LoadingDots } from '@/components/text/loading-dots';
import { FailureCard } from '@/components/tool/failure-card';
import { LateBadge } from '@/features/chat/components/model-status';
import { type AnswerCard as Card, failedText } from '@/features/chat/lib/cards';
import { costLine } from '@/features/chat/lib/fusion';
import { useReveal } from '@/features/chat/lib/reveal';

export const NEON_CLASSES: Record<Card['neonColor'], string> = {
  cyan: 'border-neon-cyan/60 shadow-cyan-500/20',
  green: 'border-neon-green/60 shadow-green-500/20',
  purple: 'border-neon-purple/60 shadow-purple-500/20',
  pink: 'border-neon-pink/60 shadow-pink-500/20',
  blue: 'border-neon-blue/60 shadow-blue-500/20',
  red: 'border-neon-red/70 shadow-red-500/30',
};

/** Icons made once: an identical element lets React skip them on each streamed update. */
const ICONS = {
  Maximize2: <Maximize2 className="size-4" aria-hidden="true" />,
  Minimize2: <Minimize2 className="size-4" aria-hidden="true" />,
  X: <X className="size-4" aria-hidden="true" />,
  ThumbsUp: <ThumbsUp className="size-4" aria-hidden="true" />,
  ThumbsDown: <ThumbsDown className="size-4" aria-hidden="true" />,
  Pencil: <Pencil className="size-4" aria-hidden="true" />,
  Check: <Check className="size-4" aria-hidden="true" />,
  Copy: <Copy className="size-4" aria-hidden="true" />,
};

type Props = {
  card: Card;
  /** Identifies the card for the whole visit, so finished text is never typed out again. */
  revealKey: string;
  /** The text is arriving now (typed out); otherwise it shows whole. */
  isLive: boolean;
  isMinimized: boolean;
  onToggleMinimize: () => void;
  onContinue?: () => void;
  onEdit: (content: string) => void;
  /** Shown while the card has no text yet (the models' live status on the fused card). */
  pending?: ReactNode;
  /** Shown under the text (the fused card's "How the models agreed"). */
  extra?: ReactNode;
};

/** An answer card with like/unlike, edit, copy, minimize/maximize and continue-with-model. */
export function AnswerCard({ card, revealKey, isLive, isMinimized, onToggleMinimize, onContinue, onEdit, pending, extra }: Props) {
  const { t } = useLingui();
  const name = card.title;
  const [liked, setLiked] = useState(false);
  const [unliked, setUnliked] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [editedContent, setEditedContent] = useState('');
  const [copied, setCopied] = useState(false);
  const { shown, isTyping } = useReveal(revealKey, card.content, isLive);
  const isStreaming = card.status === 'streaming' || card.status === 'loading' || isTyping;
  const isWaiting = !card.content && (card.status === 'loading' || card.status === 'streaming');
  const cost = costLine({ costInr: card.costInr, tokens: card.tokens });

  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(id);
  }, [copied]);

  const btn =
    'rounded-md p-1.5 text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan aria-pressed:text-neon-cyan';
  return (
    <article
      aria-label={card.title}
      tabIndex={-1}
      data-testid="answer-card"
      data-answer-id={card.answerId ?? card.id}
      data-status={isTyping && card.status === 'done' ? 'streaming' : card.status}
      className={clsx('flex h-full flex-col rounded-2xl border bg-panel/95 p-4 shadow-2xl', NEON_CLASSES[card.neonColor])}
    >
      <header className="mb-2 flex items-center justify-between gap-2">
        <h3 className={clsx('truncate font-semibold', card.neonColor === 'red' ? 'text-red-300' : 'text-white')}>{card.title}</h3>
        {card.status === 'stopped' && (
          <span className="ml-auto rounded-full border border-amber-300/40 px-2 py-0.5 text-xs text-amber-100">
            <Trans>Stopped</Trans>
          </span>
        )}
        <button
          type="button"
          className={btn}
          aria-label={isMinimized ? t`Maximize ${name}` : t`Minimize ${name}`}
          onClick={onToggleMinimize}
        >
          {isMinimized ? ICONS.Maximize2 : ICONS.Minimize2}
        </button>
      </header>
      {card.isLate && (
        <div className="mb-2">
          <LateBadge />
        </div>
      )}
      {!isMinimized && (
        <>
          <div className="max-h-96 min-h-24 flex-1 overflow-y-auto pr-1" data-testid="answer-content">
            {isWaiting && pending ? (
              <>
                <LoadingDots label={t`Thinking`} className="text-slate-300" />
                <div className="mt-3">{pending}</div>
              </>
            ) : card.status === 'loading' && !card.content ? (
              <LoadingDots label={t`Thinking`} className="text-slate-300" />
            ) : isEditing ? (
              <textarea
                aria-label={t`Edit answer`}
                value={editedContent}
                onChange={(e) => setEditedContent(e.target.value)}
                className="h-48 w-full rounded-lg border border-white/10 bg-black/30 p-2 text-sm text-slate-100"
              />
            ) : card.error ? (
              <FailureCard title={failedText('')} error={card.error} />
            ) : (
              <Markdown text={shown} isStreaming={isStreaming} />
            )}
          </div>
          {extra}
          <footer className="mt-3 flex flex-wrap items-center gap-1 border-t border-white/10 pt-2">
            {isEditing ? (
              <>
                <button
                  type="button"
                  className="btn-primary px-3 py-1 text-xs"
                  onClick={() => {
                    onEdit(editedContent.trim());
                    setIsEditing(false);
                  }}
                >
                  <Trans>Save</Trans>
                </button>
                <button type="button" className={btn} aria-label={t`Cancel editing`} onClick={() => setIsEditing(false)}>
                  {ICONS.X}
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={btn}
                  aria-label={t`Like`}
                  aria-pressed={liked}
                  onClick={() => {
                    setLiked((v) => !v);
                    setUnliked(false);
                  }}
                >
                  {ICONS.ThumbsUp}
                </button>
                <button
                  type="button"
                  className={btn}
                  aria-label={t`Unlike`}
                  aria-pressed={unliked}
                  onClick={() => {
                    setUnliked((v) => !v);
                    setLiked(false);
                  }}
                >
                  {ICONS.ThumbsDown}
                </button>
                <button
                  type="button"
                  className={btn}
                  aria-label={t`Edit`}
                  disabled={card.status !== 'done'}
                  onClick={() => {
                    setEditedContent(card.content);
                    setIsEditing(true);
                  }}
                >
                  {ICONS.Pencil}
                </button>
                <button
                  type="button"
                  className={btn}
                  aria-label={copied ? t`Copied` : t`Copy`}
                  onClick={async () => {
                    await navigator.clipboard.writeText(card.content);
                    setCopied(true);
                  }}
                >
                  {copied ? ICONS.Check : ICONS.Copy}
                </button>
                {onContinue && card.status === 'done' && (
                  <button
                    type="button"
                    className="ml-auto max-w-full rounded-full border border-white/15 px-3 py-1 text-left text-xs break-words text-slate-200 hover:bg-white/10"
                    onClick={onContinue}
                  >
                    <Trans>Continue with {name}</Trans>
                  </button>
                )}
                {cost && card.status !== 'loading' && card.status !== 'streaming' && (
                  <span className="ml-auto text-xs text-slate-400" data-testid="answer-cost">
                    {cost}
                  </span>
                )}
              </>
            )}
          </footer>
        </>
      )}
    </article>
  );
}
