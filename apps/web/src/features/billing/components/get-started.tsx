import { Trans } from '@lingui/react/macro';
import type { BillingPeriod, Plan } from '@sangam/contracts';
import { clsx } from 'clsx';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useBillingConfig, useSubscribe } from '@/features/billing/hooks/use-billing';
import { AppError } from '@/lib/app-error';
import { useSession } from '@/lib/auth/use-session';
import { setReturnTo } from '@/lib/return-to';

/** The pricing page's link back to one plan, after sign-up and sign-in. */
export const planReturnPath = (planId: string, period: BillingPeriod) => `${paths.pricing}?plan=${planId}&period=${period}`;

/**
 * Get Started on a plan. Signed out: sign-up, then back to this plan. Signed in, with payments on:
 * a Razorpay subscription, and the tab goes to its hosted page (UPI autopay or card). Payments
 * off: the link to the profile, as before.
 */
export function GetStarted({ plan, period, isHighlighted }: { plan: Plan; period: BillingPeriod; isHighlighted: boolean }) {
  const { isAuthenticated } = useSession();
  const config = useBillingConfig();
  const subscribe = useSubscribe();
  const navigate = useNavigate();
  const className = clsx('mt-8 w-full justify-center', isHighlighted ? 'btn-primary' : 'btn-ghost');
  const describedBy = `plan-${plan.id}`;

  if (!isAuthenticated)
    return (
      <Link
        to={paths.signup}
        aria-describedby={describedBy}
        className={className}
        onClick={() => setReturnTo(planReturnPath(plan.id, period))}
      >
        <Trans>Get Started</Trans>
      </Link>
    );
  if (!config.data?.isEnabled)
    return (
      <Link to={paths.profile} aria-describedby={describedBy} className={className}>
        <Trans>Get Started</Trans>
      </Link>
    );
  const error = subscribe.error;
  return (
    <>
      <button
        type="button"
        aria-describedby={describedBy}
        className={className}
        disabled={subscribe.isPending || subscribe.isSuccess}
        onClick={() =>
          subscribe.mutate(
            { planId: plan.id, period },
            { onError: (err) => err instanceof AppError && err.body.code === 'ALREADY_SUBSCRIBED' && navigate(paths.billing) },
          )
        }
      >
        {subscribe.isPending || subscribe.isSuccess ? <Trans>Opening Razorpay…</Trans> : <Trans>Get Started</Trans>}
      </button>
      {error && !(error instanceof AppError && error.body.code === 'ALREADY_SUBSCRIBED') && (
        <p role="alert" className="mt-2 text-sm text-red-200">
          {error.message}
        </p>
      )}
    </>
  );
}

/** Shown on the pricing page when the server takes no payments. */
export function PaymentsNotice() {
  const config = useBillingConfig();
  if (!config.data || config.data.isEnabled) return null;
  return (
    <p
      role="note"
      className="mx-auto mt-8 max-w-xl rounded-lg border border-amber-300/40 bg-amber-500/10 px-4 py-3 text-center text-sm text-amber-100"
    >
      <Trans>Payments are not enabled on this server.</Trans>
    </p>
  );
}
