import { billingPeriodSchema, FREE_PLAN, PLANS } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { billingEvents, billingPayments, users } from '@/db/schema';
import {
  getSubscription,
  insertSubscription,
  lockUser,
  planGivingSubscription,
  recordChange,
  setUserPlan,
  toDate,
  updateSubscription,
} from '@/modules/billing/billing.queries';
import { planChanged } from '@/modules/usage/plan-epoch';

const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
const subscriptionEntitySchema = z.object({
  id: z.string().min(1),
  plan_id: z.string().optional(),
  status: z.string(),
  current_start: z.number().nullish(),
  current_end: z.number().nullish(),
  charge_at: z.number().nullish(),
  start_at: z.number().nullish(),
  short_url: z.string().nullish(),
  notes: notesSchema,
});
const paymentEntitySchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  invoice_id: z.string().nullish(),
  created_at: z.number(),
});
/** A Razorpay webhook body (https://razorpay.com/docs/webhooks/payloads/subscriptions/). */
export const webhookBodySchema = z.object({
  event: z.string().min(1),
  created_at: z.number(),
  payload: z
    .object({
      subscription: z.object({ entity: subscriptionEntitySchema }).optional(),
      payment: z.object({ entity: paymentEntitySchema }).optional(),
    })
    .default({}),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
export type EventOutcome = 'applied' | 'replayed' | 'stale' | 'ignored' | 'unknown_subscription';

/** The subscription events that move a user's plan; any other event is stored and ignored. */
const HANDLED = new Set([
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
]);
/** Among events of the same second, the later state in a subscription's life wins. */
const RANK: Record<string, number> = {
  created: 0,
  authenticated: 1,
  active: 2,
  resumed: 2,
  pending: 3,
  paused: 4,
  halted: 4,
  cancelled: 5,
  completed: 5,
  expired: 5,
};

const note = (notes: z.infer<typeof notesSchema>, name: string) => {
  const value = notes && !Array.isArray(notes) ? notes[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Applies one verified webhook event in one transaction: the event is stored once (a replay of its
 * id changes nothing), the user's row is locked (two events of one user apply one after the other),
 * an event older than the subscription's last applied state only records its payment, and the
 * user's plan is then derived from all their subscriptions, with an audit row for the change.
 */
export async function applyWebhookEvent(db: Db, event: { eventId: string; body: WebhookBody }) {
  // Once it is committed, a plan it changed is read again by the usage meter (PGlite).
  return applyInTransaction(db, event).finally(planChanged);
}

async function applyInTransaction(
  db: Db,
  { eventId, body }: { eventId: string; body: WebhookBody },
): Promise<{ outcome: EventOutcome; replacesId?: string; userId?: string }> {
  const entity = body.payload.subscription?.entity;
  const eventAt = new Date(body.created_at * 1000);
  return db.transaction(async (tx) => {
    const tdb = tx as unknown as Db;
    const handled = HANDLED.has(body.event) && entity;
    const stored = await tx
      .insert(billingEvents)
      .values({
        id: eventId,
        event: body.event,
        subscriptionId: entity?.id ?? null,
        eventCreatedAt: eventAt,
        outcome: handled ? 'pending' : 'ignored',
        payload: body,
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (stored.length === 0) return { outcome: 'replayed' as const };
    if (!handled) return { outcome: 'ignored' as const };
    const finish = async (outcome: EventOutcome) => {
      await tx.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, eventId));
      return outcome;
    };

    const known = await getSubscription(tdb, { id: entity.id });
    const userId = known?.userId ?? note(entity.notes, 'sangam_user_id');
    const user = userId && /^[0-9a-f-]{36}$/i.test(userId) ? await lockUser(tdb, { userId }) : undefined;
    if (!user) return { outcome: await finish('unknown_subscription') };
    if (!known) {
      // Made outside this server (or its row lost): rebuilt from the notes Sangam puts on every subscription.
      const planId = note(entity.notes, 'sangam_plan');
      const period = billingPeriodSchema.safeParse(note(entity.notes, 'sangam_period'));
      if (!planId || !PLANS.some((p) => p.id === planId) || !period.success) return { outcome: await finish('unknown_subscription') };
      await insertSubscription(tdb, { id: entity.id, userId: user.id, planId, period: period.data, status: 'created' });
    }
    const sub = await getSubscription(tdb, { id: entity.id });
    if (!sub) return { outcome: await finish('unknown_subscription') };

    const payment = body.payload.payment?.entity;
    if (payment)
      await tx
        .insert(billingPayments)
        .values({
          id: payment.id,
          userId: user.id,
          subscriptionId: sub.id,
          planId: sub.planId,
          period: sub.period,
          amountPaise: payment.amount,
          currency: payment.currency,
          status: payment.status,
          invoiceId: payment.invoice_id ?? null,
          paidAt: new Date(payment.created_at * 1000),
        })
        .onConflictDoNothing();

    const last = sub.stateAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const isOlder = eventAt.getTime() < last || (eventAt.getTime() === last && (RANK[entity.status] ?? 0) < (RANK[sub.status] ?? 0));
    if (isOlder) return { outcome: await finish('stale') };

    await updateSubscription(tdb, {
      id: sub.id,
      status: entity.status,
      stateAt: eventAt,
      currentStart: toDate(entity.current_start) ?? sub.currentStart,
      currentEnd: toDate(entity.current_end) ?? sub.currentEnd,
      chargeAt: toDate(entity.charge_at),
      ...(entity.short_url ? { shortUrl: entity.short_url } : {}),
    });
    const giving = await planGivingSubscription(tdb, { userId: user.id });
    const plan = giving?.planId ?? FREE_PLAN.id;
    if (plan !== user.plan) await setUserPlan(tdb, { userId: user.id, plan });
    await recordChange(tdb, {
      userId: user.id,
      subscriptionId: sub.id,
      eventId,
      action: body.event,
      fromPlan: user.plan,
      toPlan: plan,
      fromStatus: sub.status,
      toStatus: entity.status,
    });
    const replacesId = entity.status === 'authenticated' || entity.status === 'active' ? note(entity.notes, 'sangam_replaces') : undefined;
    return { outcome: await finish('applied'), replacesId, userId: user.id };
  });
}

/** The user's plan row, for tests and the summary. */
export async function userPlan(db: Db, userId: string) {
  return (await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1))[0]?.plan ?? FREE_PLAN.id;
}
