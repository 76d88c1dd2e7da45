import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingPeriod, BillingSummary } from '@sangam/contracts';
import { PLANS } from '@sangam/contracts/plans';
import { type FormEvent, useId, useState } from 'react';
import { periodInText } from '@/features/billing/components/format';
import { useChangePlan } from '@/features/billing/hooks/use-billing';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** Choose another plan from the next period; Razorpay's page authorises the new amount. */
export function ChangePlan({ summary }: { summary: BillingSummary }) {
  const change = useChangePlan();
  const id = useId();
  const [planId, setPlanId] = useState(PLANS.find((p) => p.id !== summary.plan.id)?.id ?? 'basic');
  const [period, setPeriod] = useState<BillingPeriod>(summary.period ?? 'monthly');
  const next = summary.scheduledChange;
  const { i18n, t } = useLingui();
  const { rupees, date } = useLocaleFormat();
  const nextPlan = next?.planName ?? '';
  const nextPeriod = next ? periodInText(i18n, next.period) : '';
  const startsOn = next?.startsAt ? date(next.startsAt) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ planId, period });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card mt-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        <Trans>Change plan</Trans>
      </h2>
      {next && (
        <p role="status" className="mt-2 text-sm text-slate-200">
          {next.startsAt ? (
            <Trans>
              {nextPlan} ({nextPeriod}) starts on {startsOn}.
            </Trans>
          ) : (
            <Trans>
              {nextPlan} ({nextPeriod}) starts at the next period.
            </Trans>
          )}
          {next.shortUrl && (
            <>
              {' '}
              <a href={next.shortUrl} className="font-semibold text-neon-cyan underline">
                <Trans>Authorise the payment</Trans>
              </a>
            </>
          )}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-300">
        <Trans>The new plan takes effect at the start of your next billing period.</Trans>
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <label className="grid gap-1 text-sm text-slate-200">
          <Trans>New plan</Trans>
          <select
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
            className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          >
            {PLANS.map((p) => {
              const plan = p.name;
              const price = rupees(period === 'annual' ? p.annualPrice : p.monthlyPrice);
              return (
                <option key={p.id} value={p.id}>
                  {period === 'annual' ? t`${plan} – ${price}/year` : t`${plan} – ${price}/month`}
                </option>
              );
            })}
          </select>
        </label>
        <label className="grid gap-1 text-sm text-slate-200">
          <Trans>Period</Trans>
          <select
            value={period}
            onChange={(e) => setPeriod(e.target.value === 'annual' ? 'annual' : 'monthly')}
            className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          >
            <option value="monthly">{t`Monthly`}</option>
            <option value="annual">{t`Annual`}</option>
          </select>
        </label>
        <button type="submit" className="btn-primary" disabled={change.isPending || change.isSuccess}>
          {change.isPending || change.isSuccess ? <Trans>Opening Razorpay…</Trans> : <Trans>Change plan</Trans>}
        </button>
      </form>
      {change.error && (
        <p role="alert" className="mt-2 text-sm text-red-200">
          {change.error.message}
        </p>
      )}
    </section>
  );
}
