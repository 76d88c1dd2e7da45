import { clsx } from 'clsx';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedText } from '@/components/text/formatted-text';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';
import { BOOK_ACCENT } from '@/features/scripture/components/book-picker';
import type { BookAnswer } from '@/features/scripture/hooks/use-scripture-answers';

/** Typewriter after about 1 s, 1 to 2 characters per 20 ms tick (2 for short texts, so they finish quickly). */
const charsPerTick = (text: string) => (text.length < 600 ? 2 : 1);
export const SCRIPTURE_TYPE_DELAY_MS = 1000;

export function BookAnswerCard({ answer, isCollapsed, onToggle }: { answer: BookAnswer; isCollapsed: boolean; onToggle: () => void }) {
  const { shown, isComplete } = useTypewriter(answer.isLoading ? '' : answer.content, {
    tickMs: 20,
    charsPerTick,
    startDelayMs: SCRIPTURE_TYPE_DELAY_MS,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const [userScrolled, setUserScrolled] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the text as it grows
  useEffect(() => {
    const el = scroller.current;
    if (el && !userScrolled) el.scrollTop = el.scrollHeight;
  }, [shown]);
  return (
    <article
      aria-label={answer.book.name}
      data-testid="book-answer"
      className={clsx('flex h-full w-full flex-col rounded-2xl border bg-panel/95 p-4 shadow-2xl', BOOK_ACCENT[answer.book.color])}
    >
      <header className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <img src={answer.book.image} alt="" width={32} height={32} className="size-8" />
          <div>
            <h3 className="font-semibold text-white">{answer.book.name}</h3>
            <p className="text-xs text-slate-400">{answer.book.religion}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!isCollapsed}
          aria-label={isCollapsed ? `Expand ${answer.book.name}` : `Collapse ${answer.book.name}`}
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
          {answer.isLoading ? <LoadingDots label="Thinking" className="text-slate-300" /> : <FormattedText text={shown} />}
          {isComplete && answer.citations.length > 0 && (
            <section aria-label="Citations" className="mt-4 border-t border-white/10 pt-3">
              <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Citations checked</h4>
              <ul className="mt-2 grid gap-2">
                {answer.citations.map((c) => (
                  <li key={c.ref} className={c.isValid ? 'text-slate-200' : c.status === 'unchecked' ? 'text-amber-200' : 'text-red-300'}>
                    <span className="font-semibold">{c.ref}</span>{' '}
                    {c.isValid ? '✓' : c.status === 'unchecked' ? `? could not be checked: ${c.note ?? ''}` : `✗ ${c.note ?? 'not found'}`}
                    {c.quote && <q className="mt-1 block text-xs text-slate-300 italic">{c.quote}</q>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </article>
  );
}
