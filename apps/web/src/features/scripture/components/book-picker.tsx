import { Trans, useLingui } from '@lingui/react/macro';
import { SCRIPTURES } from '@sangam/contracts';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { bookName, bookReligion } from '@/features/scripture/book-names';

export const BOOK_ACCENT: Record<string, string> = {
  yellow: 'border-yellow-400 text-yellow-300',
  purple: 'border-purple-400 text-purple-300',
  cyan: 'border-cyan-400 text-cyan-300',
  blue: 'border-blue-400 text-blue-300',
  red: 'border-red-400 text-red-300',
  orange: 'border-orange-400 text-orange-300',
  pink: 'border-pink-400 text-pink-300',
  green: 'border-green-400 text-green-300',
};

/** The grid of eight books and the pills with the All Books toggle. */
export function BookPicker({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const { i18n } = useLingui();
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const isAll = selected.length === SCRIPTURES.length;
  const pill = (isOn: boolean) =>
    clsx(
      'rounded-full border px-3 py-1 text-sm transition focus-visible:outline-2 focus-visible:outline-neon-cyan',
      isOn ? 'border-amber-300 bg-amber-300/15 text-amber-100' : 'border-white/15 text-slate-300 hover:text-white',
    );
  return (
    <div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SCRIPTURES.map((s) => {
          const isOn = selected.includes(s.id);
          return (
            <button
              key={s.id}
              type="button"
              aria-pressed={isOn}
              onClick={() => toggle(s.id)}
              data-testid="book-card"
              className={clsx(
                'relative flex min-w-0 flex-col items-center gap-2 rounded-2xl border bg-panel/70 p-4 text-center transition hover:-translate-y-0.5',
                isOn ? BOOK_ACCENT[s.color] : 'border-white/10 text-slate-200',
              )}
            >
              {isOn && <Check className="absolute top-2 right-2 size-4" aria-hidden="true" />}
              <img src={s.image} alt="" width={48} height={48} className="size-12" />
              <span className="font-semibold break-words text-white">{bookName(i18n, s)}</span>
              <span className="text-xs break-words text-slate-400">{bookReligion(i18n, s)}</span>
            </button>
          );
        })}
      </div>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">
          <Trans>Books</Trans>
        </legend>
        <button
          type="button"
          aria-pressed={isAll}
          className={pill(isAll)}
          onClick={() => onChange(isAll ? [] : SCRIPTURES.map((s) => s.id))}
        >
          <Trans>All Books</Trans>
        </button>
        {SCRIPTURES.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={selected.includes(s.id)}
            className={pill(selected.includes(s.id))}
            onClick={() => toggle(s.id)}
          >
            {bookName(i18n, s)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
