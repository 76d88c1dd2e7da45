import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Markdown } from '@/components/markdown/markdown';
import { LateBadge } from '@/features/chat/components/model-status';
import type { AnswerCard } from '@/features/chat/lib/cards';
import { costLine } from '@/features/chat/lib/fusion';
import { trapTab } from '@/lib/trap-tab';

/** The sheet's Tab cycle also reaches its scrollable answer (tabindex 0). */
const SHEET_FOCUSABLE = 'a[href], button:not([disabled]), [tabindex="0"]';

/**
 * One model's full answer in a side view (Sangam mode, where only the fused card is shown): a dialog
 * at the right edge, the whole screen on a phone. Escape, the close button and the backdrop close it;
 * focus goes to the close button and back to `returnTo` (the chip) on closing.
 */
export function AnswerSheet({ card, onClose, returnTo }: { card: AnswerCard; onClose: () => void; returnTo: HTMLElement | null }) {
  const { t } = useLingui();
  const closeRef = useRef<HTMLButtonElement>(null);
  const name = card.title;
  const titleId = useId();
  const cost = costLine({ costInr: card.costInr, tokens: card.tokens });

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    document.documentElement.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.style.overflow = '';
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [onClose, returnTo]);

  return createPortal(
    <div className="fixed inset-0 z-50 flex justify-end">
      <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-0 cursor-default bg-black/60" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => trapTab(e, SHEET_FOCUSABLE)}
        data-testid="answer-sheet"
        className="relative flex h-dvh w-full flex-col border-l border-white/10 bg-panel shadow-2xl sm:max-w-xl"
      >
        <header className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
          <h2 id={titleId} className="truncate text-base font-semibold text-white">
            {card.title}
          </h2>
          {card.isLate && <LateBadge />}
          <button
            ref={closeRef}
            type="button"
            aria-label={t`Close answer`}
            onClick={onClose}
            className="ml-auto rounded-md p-2 text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-neon-cyan"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </header>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <section className="flex-1 overflow-y-auto px-4 py-3" tabIndex={0} aria-label={t`${name}'s answer`}>
          <Markdown text={card.content} isStreaming={card.status === 'streaming'} />
        </section>
        {cost && (
          <p className="border-t border-white/10 px-4 py-2 text-xs text-slate-300" data-testid="sheet-cost">
            {cost}
          </p>
        )}
      </div>
    </div>,
    document.body,
  );
}
