import { ChevronLeft, ChevronRight } from 'lucide-react';

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
  label: string;
  isDisabled?: boolean;
  onSelect: (index: number) => void;
}) {
  if (count < 2) return null;
  const btn = 'grid size-8 place-items-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white disabled:opacity-40';
  return (
    <nav aria-label={`${label} versions`} className="inline-flex items-center gap-1 text-xs text-slate-300">
      <button
        type="button"
        className={btn}
        aria-label={`Previous ${label.toLowerCase()} version`}
        disabled={isDisabled || index <= 0}
        onClick={() => onSelect(index - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <span data-testid={`${label.toLowerCase()}-version`}>
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className={btn}
        aria-label={`Next ${label.toLowerCase()} version`}
        disabled={isDisabled || index >= count - 1}
        onClick={() => onSelect(index + 1)}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
