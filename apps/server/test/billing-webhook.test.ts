import { createHmac } from 'node:crypto';
import type { FakeRazorpay } from '@sangam/test-fakes/fake-razorpay';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingChanges, billingEvents, billingPayments, billingSubscriptions, usage, users } from '@/db/schema';
import { systemClock } from '@/lib/clock';
import { monthOf } from '@/modules/usage/usage.service';
import { createUsageMeter } from '@/modules/usage/usage-meter';
import { KEYS, sendWebhook, useBillingApp } from './billing-helper';
import type { TestApp } from './helper';
import type { TestUser } from './users';

let fake: FakeRazorpay;
let t: TestApp;
let user: TestUser;
let other: TestUser;
const T0 = Math.floor(Date.UTC(2026, 10, 1) / 1000);

useBillingApp((app, razorpay, first, second) => {
  [t, fake, user, other] = [app, razorpay, first, second];
});

let n = 0;
/** A subscription entity as Razorpay sends it, for a user of this server (by the notes Sangam sets). */
const subscription = (owner: TestUser, status: string, planId = 'pro', extra: Record<string, unknown> = {}) => ({
  id: `sub_test${++n}`,
  entity: 'subscription',
  plan_id: 'plan_x',
  status,
  current_start: T0,
  current_end: T0 + 30 * 86_400,
  charge_at: T0 + 30 * 86_400,
  notes: { sangam_user_id: owner.id, sangam_plan: planId, sangam_period: 'monthly' },
  ...extra,
});
const planOf = async (u: TestUser) => (await t.db.select({ plan: users.plan }).from(users).where(eq(users.id, u.id)))[0]?.plan;
const eventCount = async () => (await t.db.select().from(billingEvents)).length;
const payment = (id: string, created = T0) => ({
  id,
  entity: 'payment',
  amount: 99_900,
  currency: 'INR',
  status: 'captured',
  invoice_id: 'inv_1',
  created_at: created,
});

describe('Razorpay webhooks', () => {
  it('applies a signed subscription.activated: the user gets the plan and an audit row names the event', async () => {
    const sub = subscription(user, 'active');
    const e = fake.signedEvent('subscription.activated', sub, { createdAt: T0 });
    expect(await sendWebhook(t, e)).toEqual({ status: 200, body: { status: 'ok', outcome: 'applied' } });
    expect(await planOf(user)).toBe('pro');
    const audit = await t.db.select().from(billingChanges).where(eq(billingChanges.eventId, e.eventId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'subscription.activated',
        fromPlan: 'free',
        toPlan: 'pro',
        toStatus: 'active',
        subscriptionId: sub.id,
      }),
    ]);
    // Back to free for the next tests.
    await sendWebhook(t, fake.signedEvent('subscription.cancelled', { ...sub, status: 'cancelled' }, { createdAt: T0 + 1 }));
    expect(await planOf(user)).toBe('free');
  });

  it('refuses an unsigned event and a wrong signature with 400 before reading the body, storing nothing', async () => {
    const e = fake.signedEvent('subscription.activated', subscription(user, 'active', 'pro-plus'), { createdAt: T0 + 10 });
    const before = await eventCount();
    const { 'x-razorpay-signature': _, ...unsigned } = e.headers;
    expect(await sendWebhook(t, { body: e.body, headers: unsigned })).toMatchObject({
      status: 400,
      body: { code: 'WEBHOOK_SIGNATURE_INVALID' },
    });
    const wrongKey = createHmac('sha256', 'not the secret').update(e.body).digest('hex');
    expect(await sendWebhook(t, { body: e.body, headers: { ...e.headers, 'x-razorpay-signature': wrongKey } })).toMatchObject({
      status: 400,
    });
    // The signature of the body before one byte changed.
    expect(await sendWebhook(t, { body: e.body.replace('pro-plus', 'pro-pluz'), headers: e.headers })).toMatchObject({ status: 400 });
    expect(await sendWebhook(t, { body: 'not json', headers: { ...e.headers, 'content-type': 'text/plain' } })).toMatchObject({
      status: 400,
    });
    expect(await eventCount()).toBe(before);
    expect(await planOf(user)).toBe('free');
  });

  it('answers 400 to a signed body that is not JSON or has no event id, never 5xx', async () => {
    const body = 'not json at all';
    const signature = createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex');
    expect(
      await sendWebhook(t, {
        body,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_nj' },
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
    const e = fake.signedEvent('subscription.activated', subscription(user, 'active'));
    const { 'x-razorpay-event-id': _, ...noId } = e.headers;
    expect(await sendWebhook(t, { body: e.body, headers: noId })).toMatchObject({ status: 400 });
    const odd = JSON.stringify({ event: 'subscription.activated', created_at: 'yesterday' });
    const oddSig = createHmac('sha256', KEYS.webhookSecret).update(odd).digest('hex');
    expect(await sendWebhook(t, { body: odd, headers: { ...e.headers, 'x-razorpay-signature': oddSig } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  });

  it('stores each event once: a replayed event id changes nothing, even after a later event', async () => {
    const sub = subscription(user, 'active', 'basic');
    const activated = fake.signedEvent('subscription.activated', sub, { createdAt: T0 + 100 });
    const charged = fake.signedEvent('subscription.charged', sub, { createdAt: T0 + 100, payment: payment('pay_replay', T0 + 100) });
    expect((await sendWebhook(t, activated)).body.outcome).toBe('applied');
    expect((await sendWebhook(t, charged)).body.outcome).toBe('applied');
    await sendWebhook(t, fake.signedEvent('subscription.halted', { ...sub, status: 'halted' }, { createdAt: T0 + 200 }));
    expect(await planOf(user)).toBe('free');
    expect(await sendWebhook(t, activated)).toEqual({ status: 200, body: { status: 'ok', outcome: 'replayed' } });
    expect((await sendWebhook(t, charged)).body.outcome).toBe('replayed');
    expect(await planOf(user)).toBe('free');
    expect(await t.db.select().from(billingPayments).where(eq(billingPayments.id, 'pay_replay'))).toHaveLength(1);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, activated.eventId))).toHaveLength(1);
  });

  it('keeps the plan through pending (Razorpay retrying a failed charge) and returns to free when halted', async () => {
    const sub = subscription(other, 'active', 'universe-max');
    await sendWebhook(t, fake.signedEvent('subscription.activated', sub, { createdAt: T0 }));
    await sendWebhook(t, fake.signedEvent('subscription.pending', { ...sub, status: 'pending' }, { createdAt: T0 + 10 }));
    expect(await planOf(other)).toBe('universe-max');
    await sendWebhook(t, fake.signedEvent('subscription.halted', { ...sub, status: 'halted' }, { createdAt: T0 + 20 }));
    expect(await planOf(other)).toBe('free');
    // A later successful charge brings the plan back.
    await sendWebhook(
      t,
      fake.signedEvent('subscription.charged', { ...sub, status: 'active' }, { createdAt: T0 + 30, payment: payment('pay_back', T0 + 30) }),
    );
    expect(await planOf(other)).toBe('universe-max');
    await sendWebhook(t, fake.signedEvent('subscription.completed', { ...sub, status: 'completed' }, { createdAt: T0 + 40 }));
    expect(await planOf(other)).toBe('free');
  });

  it('ignores an event older than the state it would overwrite, but still records its payment', async () => {
    const sub = subscription(user, 'active', 'pro');
    const cancelled = await sendWebhook(
      t,
      fake.signedEvent('subscription.cancelled', { ...sub, status: 'cancelled' }, { createdAt: T0 + 600 }),
    );
    expect(cancelled.body.outcome).toBe('applied');
    const lateActivated = await sendWebhook(t, fake.signedEvent('subscription.activated', sub, { createdAt: T0 + 500 }));
    const lateCharged = await sendWebhook(
      t,
      fake.signedEvent('subscription.charged', sub, { createdAt: T0 + 500, payment: payment('pay_late', T0 + 500) }),
    );
    expect([lateActivated.body.outcome, lateCharged.body.outcome]).toEqual(['stale', 'stale']);
    expect(await planOf(user)).toBe('free');
    expect((await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id)))[0]?.status).toBe('cancelled');
    expect(await t.db.select().from(billingPayments).where(eq(billingPayments.id, 'pay_late'))).toHaveLength(1);
  });

  it('stores and acknowledges unknown events and subscriptions without changing any plan', async () => {
    const odd = fake.signedEvent('subscription.activated', subscription(user, 'active'), { createdAt: T0 });
    const unknownEvent = { ...odd, body: odd.body.replace('subscription.activated', 'refund.speed_changed') };
    unknownEvent.headers = {
      ...odd.headers,
      'x-razorpay-signature': createHmac('sha256', KEYS.webhookSecret).update(unknownEvent.body).digest('hex'),
    };
    expect(await sendWebhook(t, unknownEvent)).toEqual({ status: 200, body: { status: 'ok', outcome: 'ignored' } });
    const stranger = fake.signedEvent('subscription.activated', { ...subscription(user, 'active'), notes: [] });
    expect((await sendWebhook(t, stranger)).body.outcome).toBe('unknown_subscription');
    const ghost = fake.signedEvent(
      'subscription.activated',
      subscription(user, 'active', 'pro', {
        notes: { sangam_user_id: '00000000-0000-4000-8000-000000000000', sangam_plan: 'pro', sangam_period: 'monthly' },
      }),
    );
    expect((await sendWebhook(t, ghost)).body.outcome).toBe('unknown_subscription');
    expect(await planOf(user)).toBe('free');
    expect((await t.db.select().from(billingEvents).where(eq(billingEvents.id, unknownEvent.eventId)))[0]?.outcome).toBe('ignored');
  });

  it('leaves one consistent state when many events of one subscription arrive at once', async () => {
    const sub = subscription(other, 'active', 'pro-plus');
    const statuses = ['active', 'pending', 'active', 'halted', 'active', 'pending', 'active', 'cancelled'];
    const events = statuses.map((status, i) =>
      fake.signedEvent(`subscription.${status === 'active' ? 'charged' : status}`, { ...sub, status }, { createdAt: T0 + 1000 + i }),
    );
    // Sent all at once, shuffled, some twice.
    const shuffled = [...events, events[3], events[7]].filter((e) => e !== undefined).sort(() => Math.random() - 0.5);
    const results = await Promise.all(shuffled.map((e) => sendWebhook(t, e)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.outcome === 'replayed')).toHaveLength(2);
    const [row] = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    expect(row?.status).toBe('cancelled');
    expect(await planOf(other)).toBe('free');
    // One audit row per applied event, and the cancellation among them.
    const audit = await t.db.select().from(billingChanges).where(eq(billingChanges.subscriptionId, sub.id));
    expect(audit).toHaveLength(results.filter((r) => r.body.outcome === 'applied').length);
    expect(audit).toContainEqual(expect.objectContaining({ toStatus: 'cancelled', toPlan: 'free' }));
  });

  it('moves the quota with the plan at once: a reservation past the free allowance is admitted while paid and refused after halted', async () => {
    const meter = createUsageMeter({ db: t.db, clock: systemClock, freeTokens: 50_000, log: t.app.log });
    await t.db.insert(usage).values({ userId: user.id, month: monthOf(Date.now()), tokens: 60_000, requests: 1 });
    await expect(meter.reserve({ userId: user.id, requestId: 'q1', tokens: 100 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    const sub = subscription(user, 'active', 'pro');
    await sendWebhook(t, fake.signedEvent('subscription.activated', sub, { createdAt: T0 + 5000 }));
    const held = await meter.reserve({ userId: user.id, requestId: 'q2', tokens: 100 });
    meter.release(held);
    await meter.flush();
    await sendWebhook(t, fake.signedEvent('subscription.halted', { ...sub, status: 'halted' }, { createdAt: T0 + 5001 }));
    await expect(meter.reserve({ userId: user.id, requestId: 'q3', tokens: 100 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });
});
