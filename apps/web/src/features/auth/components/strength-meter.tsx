import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordStrength } from '@sangam/contracts';
import { clsx } from 'clsx';

const TONE = { Weak: 'bg-red-500', Fair: 'bg-amber-400', Good: 'bg-sky-400', Strong: 'bg-emerald-400' } as const;
const LABEL = { Weak: msg`Weak`, Fair: msg`Fair`, Good: msg`Good`, Strong: msg`Strong` } as const;

/** The strength helper: 5 requirements; up to 2 Weak, 3 Fair, 4 Good, 5 Strong. */
export function StrengthMeter({ password }: { password: string }) {
  const { i18n } = useLingui();
  if (!password) return null;
  const { score, label, checks } = passwordStrength(password);
  return (
    <div className="-mt-2 mb-4" data-testid="strength-meter">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={clsx('h-1.5 flex-1 rounded-full', i <= score ? TONE[label] : 'bg-white/10')} />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-300">
        <Trans>
          Strength: <span className="font-semibold">{i18n._(LABEL[label])}</span>
        </Trans>
      </p>
      <ul className="mt-1 grid grid-cols-2 gap-x-3 text-xs text-slate-400">
        <li className={clsx(checks.length && 'text-emerald-300')}>
          <Trans>8+ characters</Trans>
        </li>
        <li className={clsx(checks.upper && 'text-emerald-300')}>
          <Trans>An uppercase letter</Trans>
        </li>
        <li className={clsx(checks.lower && 'text-emerald-300')}>
          <Trans>A lowercase letter</Trans>
        </li>
        <li className={clsx(checks.digit && 'text-emerald-300')}>
          <Trans>A number</Trans>
        </li>
        <li className={clsx(checks.special && 'text-emerald-300')}>
          <Trans>A special character</Trans>
        </li>
      </ul>
    </div>
  );
}
