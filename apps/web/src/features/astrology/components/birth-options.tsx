import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { TextField } from '@/components/ui/form/fields';

export const AYANAMSA_CHOICES = ['Lahiri', 'Raman', 'KP'] as const;
export type BirthOptionsValue = { ayanamsa: (typeof AYANAMSA_CHOICES)[number]; offset: string };
export const DEFAULT_BIRTH_OPTIONS: BirthOptionsValue = { ayanamsa: 'Lahiri', offset: '' };

/**
 * The options written after the birth time in the 'ASTR:' header: the ayanamsa when not Lahiri (the
 * default) and the user's offset override. Nothing is added for the defaults, so the request keeps
 * the format of docs/spec-rules.md §7.
 */
export function birthOptionsText(o: BirthOptionsValue): string {
  const parts = [o.ayanamsa === 'Lahiri' ? '' : o.ayanamsa, o.offset.trim().replace(/[,;\n]/g, ' ')].filter(Boolean);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

/** Ayanamsa choice (Lahiri default; Raman; KP) and an optional override of the time-zone database's offset. */
export function BirthOptions({ value, onChange }: { value: BirthOptionsValue; onChange: (v: BirthOptionsValue) => void }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <>
      <div className="mb-4">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
          <Trans>Ayanamsa</Trans>
        </label>
        <select
          id={id}
          value={value.ayanamsa}
          onChange={(e) => onChange({ ...value, ayanamsa: e.target.value as BirthOptionsValue['ayanamsa'] })}
          className="w-full rounded-lg border border-white/10 bg-slate-900/60 px-3 py-2 text-sm text-white"
        >
          <option value="Lahiri">{t`Lahiri (Chitrapaksha), the default`}</option>
          <option value="Raman">{t`Raman`}</option>
          <option value="KP">{t`Krishnamurti (KP)`}</option>
        </select>
      </div>
      <TextField
        label={t`Time offset (optional)`}
        value={value.offset}
        onChange={(offset) => onChange({ ...value, offset })}
        placeholder={t`e.g. Bombay time, Calcutta time, LMT or UTC+05:30`}
        hint={t`Leave empty to use the IANA time-zone database for the place and date.`}
      />
    </>
  );
}
