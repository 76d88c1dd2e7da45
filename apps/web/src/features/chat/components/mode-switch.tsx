import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMode } from '@sangam/contracts';
import { clsx } from 'clsx';
import { BRAND } from '@/config/brand';

const brand = BRAND.name;
/** What each mode does; the mode names themselves stay in English (docs/i18n.md's glossary). */
export const MODE_HINTS: Record<ChatMode, MessageDescriptor> = {
  sangam: msg`Get the best refined response from ${brand}'s own AI`,
  universe: msg`Explore comprehensive responses from multiple AI models`,
};

/** Sangam (one refined answer) or Universe (every model's answer). */
export function ModeSwitch({ mode, onChange }: { mode: ChatMode; onChange: (m: ChatMode) => void }) {
  const { i18n } = useLingui();
  return (
    <div className="text-center">
      <fieldset className="inline-flex rounded-full border border-white/10 bg-white/5 p-1">
        <legend className="sr-only">
          <Trans>Chat mode</Trans>
        </legend>
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
      <p className="mt-3 text-sm break-words text-slate-300" data-testid="mode-hint">
        {i18n._(MODE_HINTS[mode])}
      </p>
    </div>
  );
}
