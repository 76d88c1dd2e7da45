import { PLANS } from '@sangam/contracts';
import type { FakeRazorpay } from '@sangam/test-fakes/fake-razorpay';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingChanges, users } from '@/db/schema';
import { call, KEYS, razorpayEnv, sendWebhook, useBillingApp } from './billing-helper';
import { logStreamInto, startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

let fake: FakeRazorpay;
let t: TestApp;
let asha: TestUser;
let ravi: TestUser;
const logLines: string[] = [];

const logStream = logStreamInto(logLines);
useBillingApp(
  (app, razorpay, first, second) => {
    [t, fake, asha, ravi] = [app, razorpay, first, second];
  },
  { LOG_LEVEL: 'info' },
  { logStream },
);

const planOfUser = async (user: TestUser) => (await t.db.select({ plan: users.plan }).from(users).where(eq(users.id, user.id)))[0]?.plan;

describe('billing with Razorpay (fake API)', () => {
  it('creates one Razorpay plan per Sangam plan and period at start, priced in paise from contracts', async () => {
    await expect.poll(() => fake.plans.size).toBe(PLANS.length * 2);
    const plus = [...fake.plans.values()].find(
      (p) => (p.notes as Record<string, string>).sangam_plan === 'universe-plus' && p.period === 'yearly',
    );
    expect(plus).toMatchObject({ interval: 1, item: { amount: 399_900, currency: 'INR' }, notes: { sangam_period: 'annual' } });
  });

  it('finds the existing plans on the next start instead of creating them again', async () => {
    const again = await startTestApp(razorpayEnv(fake));
    try {
      await expect.poll(() => fake.calls.filter((c) => c.path === '/v1/plans' && c.method === 'GET').length).toBeGreaterThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 100));
      expect(fake.plans.size).toBe(PLANS.length * 2);
    } finally {
      await again.close();
    }
  });

  it('answers Get Started with the hosted page of a new subscription carrying the user and plan in its notes', async () => {
    const res = await call(t, asha, 'POST', '/api/v1/billing/subscriptions', { planId: 'universe-plus', period: 'monthly' });
    expect(res.status).toBe(201);
    expect(res.body.shortUrl).toMatch(new RegExp(`^${fake.url}/hosted/sub_`));
    const created = fake.calls.filter((c) => c.path === '/v1/subscriptions').at(-1);
    expect(created?.body).toMatchObject({
      total_count: 120,
      quantity: 1,
      notes: { sangam_user_id: asha.id, sangam_plan: 'universe-plus', sangam_period: 'monthly' },
    });
    // A second click before paying gives the same page, not a second subscription.
    const again = await call(t, asha, 'POST', '/api/v1/billing/subscriptions', { planId: 'universe-plus', period: 'monthly' });
    expect(again.body.shortUrl).toBe(res.body.shortUrl);
    expect(fake.subscriptions.size).toBe(1);
    // Until Razorpay confirms, the billing page says it is waiting (and polls).
    expect((await call(t, asha, 'GET', '/api/v1/billing')).body).toMatchObject({ plan: { id: 'free' }, isAwaitingConfirmation: true });
  });

  it('refuses a plan that is not on the pricing page, a wrong period and a signed-out caller with 4xx', async () => {
    expect(await call(t, asha, 'POST', '/api/v1/billing/subscriptions', { planId: 'gold', period: 'monthly' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await call(t, asha, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'weekly' })).toMatchObject({
      status: 400,
    });
    expect(await call(t, asha, 'POST', '/api/v1/billing/subscriptions', 'nonsense')).toMatchObject({ status: 400 });
    expect(await call(t, undefined, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' })).toMatchObject({
      status: 401,
    });
  });

  it('moves the user to the paid plan once paid, and the quota and usage meter follow at once', async () => {
    const sub = [...fake.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    expect(await fake.deliver(fake.activate(sub.id))).toEqual([200, 200]);
    expect(await planOfUser(asha)).toBe('universe-plus');
    const usage = await call(t, asha, 'GET', '/api/v1/me/usage');
    expect(usage.body).toMatchObject({ plan: { id: 'universe-plus' }, allowance: 200_000 });
    const billing = await call(t, asha, 'GET', '/api/v1/billing');
    expect(billing.body).toMatchObject({
      isEnabled: true,
      plan: { id: 'universe-plus', name: 'Universe Plus' },
      period: 'monthly',
      status: 'active',
      isCancelling: false,
      isAwaitingConfirmation: false,
    });
    expect(billing.body.nextRenewal).toEqual(new Date(Number(sub.charge_at) * 1000).toISOString());
    expect(billing.body.payments).toEqual([
      expect.objectContaining({ amount: 399, currency: 'INR', planName: 'Universe Plus', period: 'monthly' }),
    ]);
    // Already subscribed: Get Started again is refused.
    expect(await call(t, asha, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' })).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_SUBSCRIBED' },
    });
  });

  it('shows a receipt of a payment to its owner only', async () => {
    const billing = await call(t, asha, 'GET', '/api/v1/billing');
    const payment = (billing.body.payments as Array<{ id: string }>)[0];
    const receipt = await call(t, asha, 'GET', `/api/v1/billing/receipts/${payment?.id}`);
    expect(receipt).toMatchObject({
      status: 200,
      body: { paymentId: payment?.id, amount: 399, customerEmail: asha.email, planName: 'Universe Plus' },
    });
    expect(await call(t, ravi, 'GET', `/api/v1/billing/receipts/${payment?.id}`)).toMatchObject({ status: 404 });
  });

  it('changes the plan from the next period: a new subscription starting at the period end, the old one cancelled at its end once authorised', async () => {
    const current = [...fake.subscriptions.values()][0];
    const res = await call(t, asha, 'POST', '/api/v1/billing/change', { planId: 'universe-max', period: 'annual' });
    expect(res.status).toBe(201);
    const newId = String(res.body.subscriptionId);
    expect(fake.subscriptions.get(newId)).toMatchObject({ start_at: current?.current_end, notes: { sangam_replaces: current?.id } });
    // Nothing changes until the new mandate is authorised; then the old one ends with its period.
    expect(await planOfUser(asha)).toBe('universe-plus');
    expect(await fake.deliver(fake.activate(newId))).toEqual([200]);
    expect(fake.calls.at(-1)).toEqual({
      method: 'POST',
      path: `/v1/subscriptions/${current?.id}/cancel`,
      body: { cancel_at_cycle_end: 1 },
    });
    const billing = await call(t, asha, 'GET', '/api/v1/billing');
    expect(billing.body).toMatchObject({
      plan: { id: 'universe-plus' },
      isCancelling: true,
      scheduledChange: { planId: 'universe-max', period: 'annual' },
    });
    expect(await call(t, asha, 'POST', '/api/v1/billing/change', { planId: 'universe-plus', period: 'monthly' })).toMatchObject({
      status: 409,
      body: { code: 'SAME_PLAN' },
    });
  });

  it('cancels at the end of the period: the plan stays until Razorpay reports the subscription cancelled', async () => {
    const res = await call(t, ravi, 'POST', '/api/v1/billing/subscriptions', { planId: 'basic', period: 'annual' });
    const id = String(res.body.subscriptionId);
    await fake.deliver(fake.activate(id));
    expect(await planOfUser(ravi)).toBe('basic');
    const cancelled = await call(t, ravi, 'POST', '/api/v1/billing/cancel');
    expect(cancelled).toMatchObject({ status: 200, body: { plan: { id: 'basic' }, isCancelling: true, nextRenewal: null } });
    expect(fake.calls.at(-1)).toEqual({ method: 'POST', path: `/v1/subscriptions/${id}/cancel`, body: { cancel_at_cycle_end: 1 } });
    expect(await call(t, ravi, 'POST', '/api/v1/billing/cancel')).toMatchObject({ status: 404, body: { code: 'NO_SUBSCRIPTION' } });
    const sub = fake.subscriptions.get(id);
    if (!sub) throw new Error('no subscription');
    // Choosing a plan again after cancelling: the new subscription starts when the paid period ends.
    const again = await call(t, ravi, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' });
    expect(again.status).toBe(201);
    expect(fake.subscriptions.get(String(again.body.subscriptionId))).toMatchObject({ start_at: sub.current_end, status: 'created' });
    Object.assign(sub, { status: 'cancelled' });
    await sendWebhook(t, fake.signedEvent('subscription.cancelled', { ...sub }, { createdAt: Math.floor(Date.now() / 1000) + 5 }));
    expect(await planOfUser(ravi)).toBe('free');
    const audit = await t.db.select().from(billingChanges).where(eq(billingChanges.userId, ravi.id));
    expect(audit.map((a) => [a.action, a.fromPlan, a.toPlan])).toEqual(
      expect.arrayContaining([
        ['subscription_created', 'free', 'basic'],
        ['subscription.activated', 'free', 'basic'],
        ['cancel_requested', 'basic', 'basic'],
        ['subscription.cancelled', 'basic', 'free'],
      ]),
    );
  });

  it('deleting an account ends its live subscription at Razorpay at once, so the card or UPI mandate is never charged again', async () => {
    const leaving = await createVerifiedUser(t);
    const start = await call(t, leaving, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' });
    expect(start.status).toBe(201);
    const sub = [...fake.subscriptions.values()].find((s) => (s.notes as Record<string, string>).sangam_user_id === leaving.id);
    if (!sub) throw new Error('no subscription for the leaving user');
    await fake.deliver(fake.activate(sub.id));
    expect(await planOfUser(leaving)).toBe('pro');
    const deleted = await call(t, leaving, 'DELETE', '/api/v1/users/account', { password: leaving.password, reason: 'switching_service' });
    expect(deleted.status).toBe(200);
    expect(fake.subscriptions.get(sub.id)?.status).toBe('cancelled');
    const cancel = fake.calls.filter((c) => c.path === `/v1/subscriptions/${sub.id}/cancel`).at(-1);
    expect(cancel?.body).not.toMatchObject({ cancel_at_cycle_end: true });
  });

  it('answers 502 PAYMENTS_UNAVAILABLE when Razorpay fails, and never logs a key, secret or signature', async () => {
    fake.state.failNext = 1;
    const res = await call(t, ravi, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' });
    expect(res).toMatchObject({ status: 502, body: { code: 'PAYMENTS_UNAVAILABLE' } });
    const log = logLines.join('');
    expect(log).toContain('Razorpay call failed');
    for (const secret of [KEYS.keySecret, KEYS.webhookSecret, Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/"x-razorpay-signature":"[0-9a-f]{64}"/);
  });

  it('limits purchases, changes and cancellations to 20 an hour per user with 429 and Retry-After', async () => {
    const busy = await createVerifiedUser(t);
    for (let i = 0; i < 20; i += 1)
      expect((await call(t, busy, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'annual' })).status).toBe(201);
    const res = await fetch(`${t.baseUrl}/api/v1/billing/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${busy.accessToken}` },
      body: JSON.stringify({ planId: 'pro', period: 'annual' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same unpaid subscription was given back each time: one at Razorpay.
    expect([...fake.subscriptions.values()].filter((s) => (s.notes as Record<string, string>).sangam_user_id === busy.id)).toHaveLength(1);
  });
});
