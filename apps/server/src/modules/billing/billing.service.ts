import { type BillingSummary, type Checkout, type ChoosePlan, FREE_PLAN, PLANS, type Receipt } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import type { Config } from '@/env';
import { AppError, assertFound } from '@/errors';
import type { Clock } from '@/lib/clock';
import { getUserById } from '@/modules/accounts/accounts.queries';
import { userPlan } from '@/modules/billing/billing.events';
import { ensureRazorpayPlans, planKey, toRupees } from '@/modules/billing/billing.plans';
import {
  type BillingChange,
  getPayment,
  getSubscription,
  insertSubscription,
  LIVE,
  listPayments,
  listSubscriptions,
  planGivingSubscription,
  recordChange,
  type SubscriptionRow,
  toDate,
  updateSubscription,
} from '@/modules/billing/billing.queries';
import { createRazorpayGateway, type RazorpayGateway } from '@/modules/billing/billing.razorpay';
import { planOf } from '@/modules/usage/usage.service';

/** How many charges a subscription runs before it completes: 10 years of months, or 10 years. */
const TOTAL_COUNT = { monthly: 120, annual: 10 } as const;
/** How long after Get Started the billing page waits for Razorpay's confirmation (webhook). */
const AWAIT_CONFIRMATION_MS = 60 * 60_000;
const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? FREE_PLAN.name;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Subscriptions through Razorpay. Without RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and
 * RAZORPAY_WEBHOOK_SECRET the service is disabled: purchases answer 404 PAYMENTS_DISABLED (a bad request never gets a 5xx) and the
 * summary shows the free plan.
 */
export function createBilling({ config, db, log, clock }: { config: Config; db: Db; log: FastifyBaseLogger; clock: Clock }) {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = config;
  const gateway: RazorpayGateway | undefined =
    keyId && keySecret && webhookSecret ? createRazorpayGateway({ keyId, keySecret, apiUrl: config.RAZORPAY_API_URL, log }) : undefined;
  let plans: Promise<Map<string, string>> | undefined;

  const enabled = () => {
    if (!gateway || !webhookSecret) throw new AppError('PAYMENTS_DISABLED');
    return gateway;
  };
  /** The Razorpay plans, looked up once; a failed lookup is tried again on the next purchase. */
  const razorpayPlans = () => {
    plans ??= ensureRazorpayPlans(enabled()).catch((err: unknown) => {
      plans = undefined;
      throw err;
    });
    return plans;
  };

  async function createSubscription({
    userId,
    planId,
    period,
    replacesId,
    startAt,
  }: { userId: string } & ChoosePlan & { replacesId?: string; startAt?: Date | null }): Promise<Checkout> {
    const rzp = enabled();
    const razorpayPlanId = (await razorpayPlans()).get(planKey(planId, period));
    if (!razorpayPlanId) throw new AppError('PAYMENTS_UNAVAILABLE');
    const notes: Record<string, string> = { sangam_user_id: userId, sangam_plan: planId, sangam_period: period };
    if (replacesId) notes.sangam_replaces = replacesId;
    const created = await rzp.createSubscription({
      planId: razorpayPlanId,
      totalCount: TOTAL_COUNT[period],
      startAt: startAt && startAt.getTime() > clock.now() ? Math.floor(startAt.getTime() / 1000) : undefined,
      notes,
    });
    if (!created.short_url) throw new AppError('PAYMENTS_UNAVAILABLE');
    await insertSubscription(db, {
      id: created.id,
      userId,
      planId,
      period,
      status: created.status,
      shortUrl: created.short_url,
      startAt: toDate(created.start_at),
      createdAt: new Date(clock.now()),
    });
    await recordChange(db, {
      userId,
      subscriptionId: created.id,
      action: replacesId ? 'change_requested' : 'subscription_created',
      fromPlan: await userPlan(db, userId),
      toPlan: planId,
      toStatus: created.status,
    });
    return { subscriptionId: created.id, shortUrl: created.short_url };
  }

  /** A subscription asked to end (at Razorpay already) is marked so, and the change is recorded: the plan stays as it is. */
  async function markCancelling(userId: string, sub: Pick<SubscriptionRow, 'id' | 'status'>, action: BillingChange['action']) {
    await updateSubscription(db, { id: sub.id, isCancelling: true });
    const plan = await userPlan(db, userId);
    await recordChange(db, {
      userId,
      subscriptionId: sub.id,
      action,
      fromPlan: plan,
      toPlan: plan,
      fromStatus: sub.status,
      toStatus: sub.status,
    });
  }

  return {
    isEnabled: Boolean(gateway),
    webhookSecret,
    /** Looks up or creates the Razorpay plans at start; a failure is logged and retried on the first purchase. */
    warmUp: async () => {
      if (!gateway) return;
      await razorpayPlans().catch(() => log.warn('Razorpay plans could not be looked up at start; they will be on the first purchase'));
    },

    /** Get Started: a new subscription, or the unpaid one already made for the same plan and period. */
    start: async ({ userId, planId, period }: { userId: string } & ChoosePlan): Promise<Checkout> => {
      enabled();
      const subs = await listSubscriptions(db, { userId });
      const live = subs.filter((s) => (LIVE as readonly string[]).includes(s.status));
      if (live.some((s) => !s.isCancelling)) throw new AppError('ALREADY_SUBSCRIBED');
      // A plan cancelled at its period's end: the new one starts when that period ends.
      const endsAt = live.reduce<Date | null>(
        (latest, s) => (s.currentEnd && (!latest || s.currentEnd > latest) ? s.currentEnd : latest),
        null,
      );
      const unpaid = subs.find((s) => s.status === 'created' && s.planId === planId && s.period === period && s.shortUrl && !s.startAt);
      if (unpaid?.shortUrl && !endsAt) return { subscriptionId: unpaid.id, shortUrl: unpaid.shortUrl };
      return createSubscription({ userId, planId, period, startAt: endsAt });
    },

    /**
     * Change plan from the next period: a new subscription starting when the current period ends,
     * authorised on Razorpay's page (a UPI mandate is for one amount). Once it is authorised
     * (webhook), the current one is cancelled at the end of its period.
     */
    change: async ({ userId, planId, period }: { userId: string } & ChoosePlan): Promise<Checkout> => {
      enabled();
      const current = assertFound(await planGivingSubscription(db, { userId }), 'NO_SUBSCRIPTION');
      if (current.planId === planId && current.period === period) throw new AppError('SAME_PLAN');
      return createSubscription({ userId, planId, period, replacesId: current.id, startAt: current.currentEnd });
    },

    /** Cancels at the end of the paid period: the plan stays until then (Razorpay then sends subscription.cancelled). */
    cancel: async ({ userId }: { userId: string }) => {
      const rzp = enabled();
      const subs = await listSubscriptions(db, { userId });
      const live = subs.filter((s) => (LIVE as readonly string[]).includes(s.status) && !s.isCancelling);
      if (live.length === 0) throw new AppError('NO_SUBSCRIPTION');
      for (const sub of live) {
        // One not yet started (a scheduled change) ends at once; a running one at its period's end.
        const atCycleEnd = sub.status !== 'authenticated';
        await rzp.cancelSubscription({ id: sub.id, atCycleEnd });
        await markCancelling(userId, sub, 'cancel_requested');
      }
    },

    /**
     * An account being deleted: every live subscription ends at Razorpay now, so nobody is charged for
     * an account that is gone. Refuses (and so stops the deletion) when Razorpay cannot be reached.
     */
    endForDeletedAccount: async ({ userId }: { userId: string }) => {
      const subs = await listSubscriptions(db, { userId });
      const live = subs.filter((s) => (LIVE as readonly string[]).includes(s.status));
      if (live.length === 0) return;
      if (!gateway) {
        log.warn({ userId, subscriptions: live.length }, 'account deleted with live subscriptions while payments are off');
        return;
      }
      for (const sub of live) await gateway.cancelSubscription({ id: sub.id, atCycleEnd: false });
    },

    /** After a replacement was authorised: the subscription it replaces ends with its period. */
    endReplaced: async ({ userId, replacesId }: { userId: string; replacesId: string }) => {
      const old = await getSubscription(db, { id: replacesId });
      if (!old || old.userId !== userId || old.isCancelling || !['active', 'pending'].includes(old.status)) return;
      await enabled().cancelSubscription({ id: old.id, atCycleEnd: true });
      await markCancelling(userId, old, 'replaced_at_period_end');
    },

    summary: async ({ userId }: { userId: string }): Promise<BillingSummary> => {
      const plan = planOf(await userPlan(db, userId), config.FREE_PLAN_TOKENS);
      const subs = await listSubscriptions(db, { userId });
      const current = await planGivingSubscription(db, { userId });
      const next = subs.find(
        (s) => s.id !== current?.id && ['created', 'authenticated'].includes(s.status) && s.startAt && !s.isCancelling,
      );
      const payments = await listPayments(db, { userId });
      const recent = clock.now() - AWAIT_CONFIRMATION_MS;
      const isAwaitingConfirmation =
        !current && subs.some((s) => ['created', 'authenticated'].includes(s.status) && !s.startAt && s.createdAt.getTime() > recent);
      return {
        isAwaitingConfirmation,
        isEnabled: Boolean(gateway),
        plan,
        period: current ? (current.period as 'monthly' | 'annual') : null,
        status: current ? (current.status as BillingSummary['status']) : null,
        nextRenewal: current && !current.isCancelling ? iso(current.chargeAt ?? current.currentEnd) : null,
        periodEnd: iso(current?.currentEnd),
        isCancelling: Boolean(current?.isCancelling),
        scheduledChange: next
          ? {
              planId: next.planId,
              planName: planName(next.planId),
              period: next.period as 'monthly' | 'annual',
              startsAt: iso(next.startAt),
              shortUrl: next.status === 'created' ? next.shortUrl : null,
            }
          : null,
        payments: payments.map((p) => ({
          id: p.id,
          amount: toRupees(p.amountPaise),
          currency: p.currency,
          status: p.status,
          planName: planName(p.planId),
          period: p.period as 'monthly' | 'annual',
          paidAt: p.paidAt.toISOString(),
          receiptUrl: `/profile/billing/receipts/${encodeURIComponent(p.id)}`,
        })),
      };
    },

    receipt: async ({ userId, paymentId }: { userId: string; paymentId: string }): Promise<Receipt> => {
      const payment = await getPayment(db, { id: paymentId, userId });
      const user = await getUserById(db, { id: userId });
      if (!payment || !user) throw new AppError('NOT_FOUND');
      return {
        receiptNumber: `SGM-${payment.paidAt.toISOString().slice(0, 10).replaceAll('-', '')}-${payment.id.replace(/^pay_/, '')}`,
        paymentId: payment.id,
        amount: toRupees(payment.amountPaise),
        currency: payment.currency,
        planName: planName(payment.planId),
        period: payment.period as 'monthly' | 'annual',
        paidAt: payment.paidAt.toISOString(),
        customerName: user.name,
        customerEmail: user.email,
        invoiceId: payment.invoiceId,
      };
    },
  };
}
export type Billing = ReturnType<typeof createBilling>;
