import { Trans, useLingui } from '@lingui/react/macro';
import { USAGE_WARNING_SHARE } from '@sangam/contracts';
import { clsx } from 'clsx';
import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMyUsage } from '@/features/chat/api/get-usage';
import { usageLevel } from '@/features/chat/lib/fusion';
import { count, inr } from '@/features/chat/lib/locale-format';

const LEVEL_CLASSES = {
  ok: 'border-white/10 text-slate-300',
  warning: 'border-amber-300/50 bg-amber-300/10 text-amber-100',
  exhausted: 'border-neon-red/60 bg-neon-red/10 text-red-200',
} as const;

/**
 * This month's use against the plan's allowance, in the chat header: quiet until USAGE_WARNING_SHARE
 * of it is used, then a warning, and a clear "used up" once it is gone. Hidden until the API answers.
 */
export function UsageMeter({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useLingui();
  const usage = useMyUsage(isEnabled);
  if (!usage.data) return null;
  const { used, allowance, costInr } = usage.data;
  const level = usageLevel(used, allowance, USAGE_WARNING_SHARE);
  const percent = allowance > 0 ? Math.min(100, Math.round((used / allowance) * 100)) : 100;
  // A phone has room for the share only; the words say the rest from the small breakpoint up.
  const short = level === 'exhausted' ? t`Used up` : `${percent}%`;
  const usedText = count(used);
  const allowanceText = count(allowance);
  const state = level === 'exhausted' ? t`Allowance used up` : level === 'warning' ? t`Running low` : null;
  return (
    <Link
      to={level === 'exhausted' ? paths.pricing : paths.profile}
      data-testid="usage-meter"
      data-level={level}
      className={clsx(
        'flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs whitespace-nowrap hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-neon-cyan',
        LEVEL_CLASSES[level],
      )}
    >
      <Gauge className="size-3.5 sm:hidden" aria-hidden="true" />
      <span className="sm:hidden">
        {short}
        <span className="sr-only">
          {' '}
          {level === 'warning' ? <Trans>of this month’s allowance, running low</Trans> : <Trans>of this month’s allowance</Trans>}
        </span>
      </span>
      <span className="hidden sm:inline">
        {state ? `${state} · ` : ''}
        <Trans>
          {usedText} of {allowanceText} tokens this month
        </Trans>
        {costInr !== null && costInr > 0 ? ` · ${inr(costInr)}` : ''}
        <span className="sr-only"> ({percent}%)</span>
      </span>
    </Link>
  );
}
