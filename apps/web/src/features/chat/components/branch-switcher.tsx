import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Which message's versions a switcher moves between. */
export type BranchKind = 'question' | 'answer';

/** "< 1/2 >": moves between the versions of a question (edits) or of an answer (regenerations). */
export function BranchSwitcher({
  index,
  count,
  label,
  isDisabled = false,
  onSelect,
}: {
  index: number;
  count: number;
  label: BranchKind;
  isDisabled?: boolean;
  onSelect: (index: number) => void;
}) {
  const { t } = useLingui();
  if (count < 2) return null;
  const names =
    label === 'question'
      ? { nav: t`Question versions`, previous: t`Previous question version`, next: t`Next question version` }
      : { nav: t`Answer versions`, previous: t`Previous answer version`, next: t`Next answer version` };
  const btn = 'grid size-8 place-items-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white disabled:opacity-40';
  return (
    <nav aria-label={names.nav} className="inline-flex items-center gap-1 text-xs text-slate-300">
      <button
        type="button"
        className={btn}
        aria-label={names.previous}
        disabled={isDisabled || index <= 0}
        onClick={() => onSelect(index - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <span data-testid={`${label}-version`}>
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className={btn}
        aria-label={names.next}
        disabled={isDisabled || index >= count - 1}
        onClick={() => onSelect(index + 1)}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
