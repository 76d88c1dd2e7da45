import { type FakeRazorpay, startFakeRazorpay } from '@sangam/test-fakes/fake-razorpay';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

export const KEYS = {
  keyId: 'rzp_test_fakekey123',
  keySecret: 'fake_key_secret_do_not_log',
  webhookSecret: 'fake_webhook_secret_do_not_log',
};
export const razorpayEnv = (fake: { url: string }) => ({
  RAZORPAY_KEY_ID: KEYS.keyId,
  RAZORPAY_KEY_SECRET: KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
  RAZORPAY_API_URL: fake.url,
});

/** A JSON request as the signed-in user. */
export async function call(t: TestApp, user: TestUser | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { code?: string; detail?: string } };
}

/** Sends an event as Razorpay would, to the app's webhook. */
export const sendWebhook = (t: TestApp, e: { body: string; headers: Record<string, string> }) =>
  fetch(`${t.baseUrl}/api/v1/billing/webhook`, { method: 'POST', headers: e.headers, body: e.body }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, unknown>,
  }));

export function pointFakeAt(fake: FakeRazorpay, t: TestApp) {
  fake.state.webhookUrl = `${t.baseUrl}/api/v1/billing/webhook`;
  fake.state.returnUrl = `${t.baseUrl}/profile/billing`;
}

/** For a test file: the fake Razorpay, the app pointed at it (with extra env) and two verified users; closed after it. */
export function useBillingApp(
  onReady: (t: TestApp, fake: FakeRazorpay, first: TestUser, second: TestUser) => void,
  env: Record<string, string> = {},
  { logStream }: { logStream?: DestinationStream } = {},
) {
  let fake: FakeRazorpay | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    fake = await startFakeRazorpay(KEYS);
    t = await startTestApp({ ...razorpayEnv(fake), ...env }, { logStream });
    pointFakeAt(fake, t);
    onReady(t, fake, await createVerifiedUser(t), await createVerifiedUser(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
}
