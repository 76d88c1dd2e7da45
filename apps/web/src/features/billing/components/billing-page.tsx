import { Trans } from '@lingui/react/macro';
import { ChangePlan } from '@/features/billing/components/change-plan';
import { CurrentPlan } from '@/features/billing/components/current-plan';
import { PaymentHistory } from '@/features/billing/components/payment-history';
import { useBillingSummary } from '@/features/billing/hooks/use-billing';

/** The billing page's content: current plan, change of plan, payments. */
export function BillingPage() {
  const summary = useBillingSummary();
  if (summary.error)
    return (
      <p role="alert" className="text-red-200">
        {summary.error.message}
      </p>
    );
  if (!summary.data)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  const s = summary.data;
  return (
    <>
      {!s.isEnabled && (
        <p role="note" className="mb-6 rounded-lg border border-amber-300/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          <Trans>Payments are not enabled on this server.</Trans>
        </p>
      )}
      {s.isAwaitingConfirmation && (
        <p role="status" className="mb-6 rounded-lg border border-neon-cyan/40 bg-cyan-500/10 px-4 py-3 text-sm text-cyan-50">
          <Trans>If you have just paid on Razorpay’s page, your plan appears here as soon as Razorpay confirms it.</Trans>
        </p>
      )}
      <CurrentPlan summary={s} />
      {s.isEnabled && s.period && <ChangePlan summary={s} />}
      <PaymentHistory payments={s.payments} />
    </>
  );
}
