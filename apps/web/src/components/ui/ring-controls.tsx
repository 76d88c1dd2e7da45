import { ChevronLeft, ChevronRight } from 'lucide-react';

/** The controls under a ring of cards: previous, "n / count" and next (`noun` names what turns: "answer", "book"). */
export function RingControls({
  noun,
  active,
  count,
  isLoading,
  move,
  announce = false,
}: {
  noun: string;
  active: number;
  count: number;
  isLoading: boolean;
  move: (by: number) => void;
  /** Read the position out to screen readers as it changes. */
  announce?: boolean;
}) {
  return (
    <div className="mt-2 flex items-center justify-center gap-4">
      <button
        type="button"
        aria-label={`Previous ${noun}`}
        disabled={isLoading}
        onClick={() => move(-1)}
        className="btn-ghost size-11 justify-center p-0"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <span className="text-sm text-slate-300" aria-live={announce ? 'polite' : undefined}>
        {active + 1} / {count}
      </span>
      <button
        type="button"
        aria-label={`Next ${noun}`}
        disabled={isLoading}
        onClick={() => move(1)}
        className="btn-ghost size-11 justify-center p-0"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
