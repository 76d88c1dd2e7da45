import type { BillingSummary } from '@sangam/contracts';
import { formatIndian } from '@sangam/contracts/plans';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { day, periodLabel } from '@/features/billing/components/format';
import { useCancelSubscription } from '@/features/billing/hooks/use-billing';

/** The plan in force, its period and renewal, and cancelling at the end of the period. */
export function CurrentPlan({ summary }: { summary: BillingSummary }) {
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const isPaid = summary.period !== null;
  return (
    <section aria-labelledby="plan-heading" className="card">
      <h2 id="plan-heading" className="text-lg font-semibold text-white">
        Current plan
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs tracking-wide text-slate-400 uppercase">Plan</dt>
          <dd className="mt-1 text-slate-100" data-testid="billing-plan">
            {summary.plan.name}
          </dd>
        </div>
        <div>
          <dt className="text-xs tracking-wide text-slate-400 uppercase">Allowance</dt>
          <dd className="mt-1 text-slate-100">{formatIndian(summary.plan.tokens)} tokens a month</dd>
        </div>
        {summary.period && (
          <div>
            <dt className="text-xs tracking-wide text-slate-400 uppercase">Billing period</dt>
            <dd className="mt-1 text-slate-100">{periodLabel(summary.period)}</dd>
          </div>
        )}
        {summary.nextRenewal && (
          <div>
            <dt className="text-xs tracking-wide text-slate-400 uppercase">Next renewal</dt>
            <dd className="mt-1 text-slate-100" data-testid="billing-renewal">
              {day(summary.nextRenewal)}
            </dd>
          </div>
        )}
      </dl>
      {summary.status === 'pending' && (
        <p role="alert" className="mt-4 text-sm text-amber-200">
          Your last payment failed. Razorpay will try again; your plan stays until the retries end.
        </p>
      )}
      {summary.isCancelling && summary.periodEnd && (
        <p role="status" className="mt-4 text-sm text-amber-100">
          Cancelled: your plan ends on {day(summary.periodEnd)} and will not renew.
        </p>
      )}
      {!isPaid && (
        <p className="mt-4 text-sm text-slate-300">
          You are on the free allowance.{' '}
          <Link to={paths.pricing} className="font-semibold text-neon-cyan underline">
            See the plans
          </Link>
        </p>
      )}
      {isPaid && !summary.isCancelling && (
        <div className="mt-6">
          {isConfirming ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-slate-200">Cancel at the end of this period?</span>
              <button
                type="button"
                className="btn-primary"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
              >
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel'}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setIsConfirming(false)}>
                Keep my plan
              </button>
            </div>
          ) : (
            <button type="button" className="btn-ghost" onClick={() => setIsConfirming(true)}>
              Cancel subscription
            </button>
          )}
          {cancel.error && (
            <p role="alert" className="mt-2 text-sm text-red-200">
              {cancel.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
