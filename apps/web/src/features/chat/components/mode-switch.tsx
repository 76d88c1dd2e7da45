import type { ChatMode } from '@sangam/contracts';
import { clsx } from 'clsx';
import { BRAND } from '@/config/brand';

export const MODE_HINTS: Record<ChatMode, string> = {
  sangam: `Get the best refined response from ${BRAND.name}'s own AI`,
  universe: 'Explore comprehensive responses from multiple AI models',
};

/** Sangam (one refined answer) or Universe (every model's answer). */
export function ModeSwitch({ mode, onChange }: { mode: ChatMode; onChange: (m: ChatMode) => void }) {
  return (
    <div className="text-center">
      <fieldset className="inline-flex rounded-full border border-white/10 bg-white/5 p-1">
        <legend className="sr-only">Chat mode</legend>
        {(['sangam', 'universe'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => onChange(m)}
            className={clsx(
              'rounded-full px-5 py-2 text-sm font-semibold capitalize transition focus-visible:outline-2 focus-visible:outline-neon-cyan',
              mode === m ? 'bg-gradient-to-r from-neon-cyan to-neon-purple text-ink' : 'text-slate-300 hover:text-white',
            )}
          >
            {m === 'sangam' ? BRAND.name : 'Universe'}
          </button>
        ))}
      </fieldset>
      <p className="mt-3 text-sm text-slate-300" data-testid="mode-hint">
        {MODE_HINTS[mode]}
      </p>
    </div>
  );
}
