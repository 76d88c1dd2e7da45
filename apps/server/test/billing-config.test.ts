import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/env';
import { call, KEYS } from './billing-helper';
import { freePort, logStreamInto, startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser, useAppWithUser } from './users';

let t: TestApp;
let user: TestUser;
useAppWithUser((app, verified) => {
  t = app;
  user = verified;
});

describe('billing without Razorpay configured', () => {
  it('answers 404 PAYMENTS_DISABLED "Payments are not enabled on this server." to purchases and webhooks', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' }],
      ['POST', '/api/v1/billing/change', { planId: 'pro', period: 'monthly' }],
      ['POST', '/api/v1/billing/cancel', undefined],
      ['POST', '/api/v1/billing/webhook', { event: 'subscription.activated' }],
    ] as const)
      expect(await call(t, user, method, path, body)).toEqual({
        status: 404,
        body: { code: 'PAYMENTS_DISABLED', detail: 'Payments are not enabled on this server.' },
      });
  });

  it('still shows the free plan on the billing page and says payments are off in the public config', async () => {
    expect(await call(t, undefined, 'GET', '/api/v1/billing/config')).toEqual({ status: 200, body: { isEnabled: false } });
    const billing = await call(t, user, 'GET', '/api/v1/billing');
    expect(billing).toMatchObject({ status: 200, body: { isEnabled: false, plan: { id: 'free', tokens: 50_000 }, payments: [] } });
    expect((await call(t, user, 'GET', '/api/v1/me/usage')).body).toMatchObject({ plan: { id: 'free' }, allowance: 50_000 });
  });
});

describe('Razorpay configuration', () => {
  it('refuses to start with only some of the three variables, naming the missing one without printing a secret', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: KEYS.keyId, RAZORPAY_KEY_SECRET: KEYS.keySecret })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET="": Razorpay needs all of/,
    );
    const message = (() => {
      try {
        loadConfig({ RAZORPAY_KEY_SECRET: KEYS.keySecret, RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret });
        return 'started';
      } catch (err) {
        return String(err);
      }
    })();
    expect(message).toContain('RAZORPAY_KEY_ID');
    expect(message).not.toContain(KEYS.keySecret);
    expect(message).not.toContain(KEYS.webhookSecret);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'abc', RAZORPAY_KEY_SECRET: 'x', RAZORPAY_WEBHOOK_SECRET: 'y' })).toThrow(/rzp_test_/);
    expect(loadConfig({ RAZORPAY_KEY_ID: KEYS.keyId, RAZORPAY_KEY_SECRET: 'x', RAZORPAY_WEBHOOK_SECRET: 'y' }).RAZORPAY_KEY_ID).toBe(
      KEYS.keyId,
    );
  });

  it('starts while Razorpay is unreachable and answers a purchase with 502 and a log line naming the host', async () => {
    // A port with nothing listening: what an offline server sees.
    const port = await freePort();
    const lines: string[] = [];
    const offline = await startTestApp(
      {
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
      },
      { logStream: logStreamInto(lines) },
    );
    try {
      const u = await createVerifiedUser(offline);
      expect(await call(offline, u, 'POST', '/api/v1/billing/subscriptions', { planId: 'pro', period: 'monthly' })).toMatchObject({
        status: 502,
        body: { code: 'PAYMENTS_UNAVAILABLE' },
      });
      const log = lines.join('');
      expect(log).toContain(`could not reach 127.0.0.1:${port} (ECONNREFUSED)`);
      expect(log).not.toContain(KEYS.keySecret);
    } finally {
      await offline.close();
    }
  });
});
