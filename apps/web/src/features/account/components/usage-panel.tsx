import { Trans, useLingui } from '@lingui/react/macro';
import type { LocaleCode } from '@sangam/contracts';
import { FREE_PLAN } from '@sangam/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { requestJson } from '@/lib/api-client';
import { AppError } from '@/lib/app-error';
import { formatCount } from '@/lib/i18n/format';

type Usage = { month: string; tokens: number; requests: number; allowance: number; plan: { id: string; name: string } | string };

/** This month's token usage against the plan's allowance (hidden until the usage API answers). */
export function UsagePanel() {
  const { t, i18n } = useLingui();
  const query = useQuery({
    queryKey: ['usage'],
    queryFn: () => requestJson<Usage>('/api/v1/usage'),
    retry: (count, err) => !(err instanceof AppError && err.status === 404) && count < 1,
  });
  if (!query.data) return null;
  const { tokens, allowance, month } = query.data;
  const plan = query.data.plan;
  // The free plan's name is a word, so it is translated; the paid plans' names (Pro, Universe…) stay.
  const planId = typeof plan === 'string' ? plan : plan.id;
  const planName = planId === FREE_PLAN.id ? t`Free` : typeof plan === 'string' ? plan : plan.name;
  const locale = (i18n.locale === 'pseudo-LOCALE' ? 'en' : i18n.locale) as LocaleCode;
  const used = formatCount(locale, tokens);
  const limit = formatCount(locale, allowance);
  const share = allowance > 0 ? Math.min(100, Math.round((tokens / allowance) * 100)) : 0;
  return (
    <section aria-labelledby="usage-heading" className="card mt-6">
      <h2 id="usage-heading" className="text-lg font-semibold text-white">
        <Trans>Usage this month ({month})</Trans>
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        <Trans>
          {used} of {limit} tokens on the {planName} plan
        </Trans>
      </p>
      <div
        className="mt-3 h-2 rounded-full bg-white/10"
        role="progressbar"
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t`Tokens used`}
      >
        <div className="h-2 rounded-full bg-gradient-to-r from-neon-cyan to-neon-purple" style={{ width: `${share}%` }} />
      </div>
      {share >= 100 && (
        <p className="mt-3 text-sm text-amber-200">
          <Trans>
            You have used this month’s allowance.{' '}
            <Link to={paths.pricing} className="font-semibold underline">
              See the plans
            </Link>
          </Trans>
        </p>
      )}
    </section>
  );
}
