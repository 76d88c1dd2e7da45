import type { ReactNode } from 'react';
import { FormattedText } from '@/components/text/formatted-text';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';

/** Loading panel with dots, then the answer typed out after 500 ms, then extra content and the reset button. */
export function ToolAnswer({
  isLoading,
  loadingLabel,
  text,
  msPerChar = 30,
  highlight,
  children,
  reset,
}: {
  isLoading: boolean;
  loadingLabel: string;
  text: string;
  msPerChar?: number;
  highlight?: RegExp;
  children?: ReactNode;
  reset: ReactNode;
}) {
  const charsPerTick = (t: string) => Math.max(1, Math.floor(t.length / 1500));
  const { shown, isComplete } = useTypewriter(text, { tickMs: msPerChar, startDelayMs: 500, charsPerTick });
  if (isLoading) {
    return (
      <div className="card grid min-h-48 place-items-center text-center" data-testid="tool-loading">
        <LoadingDots label={loadingLabel} className="text-lg text-slate-200" />
      </div>
    );
  }
  return (
    // minmax(0, 1fr): a long code line scrolls inside its own box instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section className="card min-w-0" aria-label="Answer" data-testid="tool-answer">
        <FormattedText text={shown} highlight={highlight} />
      </section>
      {isComplete && children}
      {isComplete && <div className="text-center">{reset}</div>}
    </div>
  );
}
