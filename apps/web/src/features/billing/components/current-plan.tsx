import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingSummary } from '@sangam/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { periodLabel } from '@/features/billing/components/format';
import { useCancelSubscription } from '@/features/billing/hooks/use-billing';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** The plan in force, its period and renewal, and cancelling at the end of the period. */
export function CurrentPlan({ summary }: { summary: BillingSummary }) {
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const isPaid = summary.period !== null;
  const { i18n } = useLingui();
  const { count, date } = useLocaleFormat();
  const tokens = count(summary.plan.tokens);
  const periodEnd = summary.periodEnd ? date(summary.periodEnd) : '';
  // Letter-spacing pulls apart the joined letters of Indian scripts: English only.
  const term = clsx('text-xs text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-wide');
  return (
    <section aria-labelledby="plan-heading" className="card">
      <h2 id="plan-heading" className="text-lg font-semibold text-white">
        <Trans>Current plan</Trans>
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={term}>
            <Trans>Plan</Trans>
          </dt>
          <dd className="mt-1 text-slate-100" data-testid="billing-plan" translate="no">
            {summary.plan.name}
          </dd>
        </div>
        <div>
          <dt className={term}>
            <Trans>Allowance</Trans>
          </dt>
          <dd className="mt-1 text-slate-100">
            <Trans>{tokens} tokens a month</Trans>
          </dd>
        </div>
        {summary.period && (
          <div>
            <dt className={term}>
              <Trans>Billing period</Trans>
            </dt>
            <dd className="mt-1 text-slate-100">{periodLabel(i18n, summary.period)}</dd>
          </div>
        )}
        {summary.nextRenewal && (
          <div>
            <dt className={term}>
              <Trans>Next renewal</Trans>
            </dt>
            <dd className="mt-1 text-slate-100" data-testid="billing-renewal">
              {date(summary.nextRenewal)}
            </dd>
          </div>
        )}
      </dl>
      {summary.status === 'pending' && (
        <p role="alert" className="mt-4 text-sm text-amber-200">
          <Trans>Your last payment failed. Razorpay will try again; your plan stays until the retries end.</Trans>
        </p>
      )}
      {summary.isCancelling && summary.periodEnd && (
        <p role="status" className="mt-4 text-sm text-amber-100">
          <Trans>Cancelled: your plan ends on {periodEnd} and will not renew.</Trans>
        </p>
      )}
      {!isPaid && (
        <p className="mt-4 text-sm text-slate-300">
          <Trans>
            You are on the free allowance.{' '}
            <Link to={paths.pricing} className="font-semibold text-neon-cyan underline">
              See the plans
            </Link>
          </Trans>
        </p>
      )}
      {isPaid && !summary.isCancelling && (
        <div className="mt-6">
          {isConfirming ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-slate-200">
                <Trans>Cancel at the end of this period?</Trans>
              </span>
              <button
                type="button"
                className="btn-primary"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
              >
                {cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Yes, cancel</Trans>}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setIsConfirming(false)}>
                <Trans>Keep my plan</Trans>
              </button>
            </div>
          ) : (
            <button type="button" className="btn-ghost" onClick={() => setIsConfirming(true)}>
              <Trans>Cancel subscription</Trans>
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
