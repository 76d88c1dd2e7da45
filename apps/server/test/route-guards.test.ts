import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';

/**
 * Issue 13: one onRequest guard per protected route group. Without a session every protected route
 * answers 401 before its body is read (a malformed body does not turn it into a 400), and the public
 * routes of the same folders stay public.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const PROTECTED: Array<[string, string]> = [
  ['GET', '/api/v1/chats'],
  ['GET', '/api/v1/chats/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/v1/chats/00000000-0000-4000-8000-000000000000/share'],
  ['GET', '/api/v1/me/usage'],
  ['GET', '/api/v1/me/estimate'],
  ['POST', '/api/v1/arena/battles'],
  ['POST', '/api/v1/arena/battles/x.y/vote'],
  ['POST', '/api/v1/arena/feedback'],
  ['GET', '/api/v1/billing'],
  ['POST', '/api/v1/billing/subscriptions'],
  ['POST', '/api/v1/billing/change'],
  ['POST', '/api/v1/billing/cancel'],
  ['GET', '/api/v1/billing/receipts/pay_1'],
];

describe('protected route groups', () => {
  it.each(PROTECTED)('%s %s without a session is 401, even with a malformed body', async (method, url) => {
    const res = await fetch(`${t.baseUrl}${url}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{"not json' } : {}),
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['GET', '/api/v1/leaderboard'],
    ['GET', '/api/v1/billing/config'],
  ])('%s %s stays public', async (method, url) => {
    expect((await fetch(`${t.baseUrl}${url}`, { method })).status).toBe(200);
  });
});
