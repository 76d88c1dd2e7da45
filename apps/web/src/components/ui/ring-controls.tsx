import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** The buttons' names for each kind of ring, whole sentences so each language can inflect the noun. */
const LABELS = {
  answer: { previous: msg`Previous answer`, next: msg`Next answer` },
  book: { previous: msg`Previous book`, next: msg`Next book` },
} as const;

/** The controls under a ring of cards: previous, "n / count" and next (`noun` names what turns: "answer", "book"). */
export function RingControls({
  noun,
  active,
  count,
  isLoading,
  move,
  announce = false,
}: {
  noun: keyof typeof LABELS;
  active: number;
  count: number;
  isLoading: boolean;
  move: (by: number) => void;
  /** Read the position out to screen readers as it changes. */
  announce?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div className="mt-2 flex items-center justify-center gap-4">
      <button
        type="button"
        aria-label={i18n._(LABELS[noun].previous)}
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
        aria-label={i18n._(LABELS[noun].next)}
        disabled={isLoading}
        onClick={() => move(1)}
        className="btn-ghost size-11 justify-center p-0"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
