import type { BillingPeriod, BillingSummary } from '@sangam/contracts';
import { PLANS } from '@sangam/contracts/plans';
import { type FormEvent, useId, useState } from 'react';
import { day, periodLabel, rupees } from '@/features/billing/components/format';
import { useChangePlan } from '@/features/billing/hooks/use-billing';

/** Choose another plan from the next period; Razorpay's page authorises the new amount. */
export function ChangePlan({ summary }: { summary: BillingSummary }) {
  const change = useChangePlan();
  const id = useId();
  const [planId, setPlanId] = useState(PLANS.find((p) => p.id !== summary.plan.id)?.id ?? 'basic');
  const [period, setPeriod] = useState<BillingPeriod>(summary.period ?? 'monthly');
  const next = summary.scheduledChange;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ planId, period });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card mt-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        Change plan
      </h2>
      {next && (
        <p role="status" className="mt-2 text-sm text-slate-200">
          {next.planName} ({periodLabel(next.period).toLowerCase()}) starts{' '}
          {next.startsAt ? `on ${day(next.startsAt)}` : 'at the next period'}.
          {next.shortUrl && (
            <>
              {' '}
              <a href={next.shortUrl} className="font-semibold text-neon-cyan underline">
                Authorise the payment
              </a>
            </>
          )}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-300">The new plan takes effect at the start of your next billing period.</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <label className="grid gap-1 text-sm text-slate-200">
          New plan
          <select
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
            className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          >
            {PLANS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} – {rupees(period === 'annual' ? p.annualPrice : p.monthlyPrice)}/{period === 'annual' ? 'year' : 'month'}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm text-slate-200">
          Period
          <select
            value={period}
            onChange={(e) => setPeriod(e.target.value === 'annual' ? 'annual' : 'monthly')}
            className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          >
            <option value="monthly">Monthly</option>
            <option value="annual">Annual</option>
          </select>
        </label>
        <button type="submit" className="btn-primary" disabled={change.isPending || change.isSuccess}>
          {change.isPending || change.isSuccess ? 'Opening Razorpay…' : 'Change plan'}
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
