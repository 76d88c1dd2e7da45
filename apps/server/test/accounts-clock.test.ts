import { describe, expect, it } from 'vitest';
import type { ManualClock } from '@/lib/clock';
import { readOutbox } from '@/lib/mailer/mailer';
import { type TestApp, useAppOnClock } from './helper';
import { createVerifiedUser, latestCode, loginForm, post, randomIp, signUpForCode } from './users';

let t: TestApp;
let clock: ManualClock;
useAppOnClock(Date.UTC(2026, 0, 1), (app, c) => {
  [t, clock] = [app, c];
});

const MINUTE = 60_000;

describe('time-bound account rules (controlled clock)', () => {
  it('answers sign-up alike whether or not the address has an account, and mails the owner instead', async () => {
    const user = await createVerifiedUser(t);
    clock.advance(2 * MINUTE);
    const again = await post(t, '/api/v1/signup', {
      name: 'Someone Else',
      username: 'someoneelse1',
      email: user.email,
      password: 'Str0ng!pass',
    });
    const fresh = await post(t, '/api/v1/signup', {
      name: 'Someone Else',
      username: 'someoneelse2',
      email: 'fresh-address@example.com',
      password: 'Str0ng!pass',
    });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    await expect
      .poll(async () => (await readOutbox(t.dataDir)).filter((m) => m.to === user.email).at(-1)?.subject)
      .toMatch(/tried to sign up/);
    expect((await loginForm(t, user.email, user.password)).status).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const code = await signUpForCode(t, { name: 'Late Comer', username: 'latecomer1', email: 'late@example.com' });
    clock.advance(10 * MINUTE + 1000);
    const res = await post(t, '/api/v1/signup/otp_verify', { email: 'late@example.com', code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OTP_EXPIRED');
  });

  it('a resend replaces the old code, once a minute and at most five times an hour', async () => {
    const first = await signUpForCode(t, { name: 'Re Sender', username: 'resender1', email: 'resender@example.com' });
    const statuses: number[] = [];
    const mails = async () => (await readOutbox(t.dataDir)).filter((m) => m.to === 'resender@example.com').length;
    for (let i = 0; i < 6; i += 1) {
      clock.advance(61_000);
      statuses.push((await post(t, '/api/v1/signup/resend_otp', { email: 'resender@example.com' })).status);
      // Mail goes out shortly after each response (at a random moment): wait for it, so the order is known.
      const sent = 1 + statuses.filter((s) => s === 200).length;
      await expect.poll(mails).toBe(sent);
    }
    // The sign-up mail and four resends make five mails in the hour; the fifth resend is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const latest = await latestCode(t, 'resender@example.com');
    expect((await post(t, '/api/v1/signup/otp_verify', { email: 'resender@example.com', code: first })).body.code).toBe(
      first === latest ? undefined : 'OTP_INVALID',
    );
    expect((await post(t, '/api/v1/signup/otp_verify', { email: 'resender@example.com', code: latest })).status).toBe(200);
  });

  it('limits login brute force with 429 and Retry-After, while the owner signs in after the window', async () => {
    const user = await createVerifiedUser(t);
    const results = [];
    for (let i = 0; i < 7; i += 1) results.push(await loginForm(t, user.email, `Wrong!pass${i}`, randomIp()));
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    const limited = results[5];
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await loginForm(t, user.email, user.password)).status).toBe(429);
    clock.advance(15 * MINUTE + 1000);
    expect((await loginForm(t, user.email, user.password)).status).toBe(200);
  });

  it('counts failed logins per IP across accounts: past 50 in 15 minutes the address gets no verdict, until the window ends', async () => {
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 51; i += 1) answers.push((await loginForm(t, `nobody${i}@example.com`, 'Wrong!pass1', ip)).body.code);
    expect(answers.slice(0, 50).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(answers[50]).toBe('LOGIN_CODE_REQUIRED');
    clock.advance(15 * 60_000 + 1000);
    expect((await loginForm(t, 'nobody@example.com', 'Wrong!pass1', ip)).body.code).toBe('INVALID_CREDENTIALS');
  }, 120_000);

  it('a rotated refresh token presented after the 10 s grace revokes the whole family', async () => {
    const user = await createVerifiedUser(t);
    const rotated = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(rotated.status).toBe(200);
    clock.advance(11_000);
    const reuse = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toBe('Token refresh failed');
    // The legitimate newest token of that family is dead too, and so is its access token.
    expect((await post(t, '/api/v1/refresh', { refresh_token: String(rotated.body.refresh_token) })).status).toBe(401);
    const verify = await fetch(`${t.baseUrl}/api/v1/auth/verify`, {
      headers: { authorization: `Bearer ${String(rotated.body.access_token)}` },
    });
    expect(verify.status).toBe(401);
  });

  it('access tokens expire after 15 minutes; refresh tokens after 7 idle days', async () => {
    const user = await createVerifiedUser(t);
    clock.advance(15 * MINUTE + 1000);
    const verify = await fetch(`${t.baseUrl}/api/v1/auth/verify`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(verify.status).toBe(401);
    expect(((await verify.json()) as { code: string }).code).toBe('TOKEN_EXPIRED');
    const fresh = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(fresh.status).toBe(200);
    clock.advance(7 * 24 * 60 * MINUTE + 1000);
    expect((await post(t, '/api/v1/refresh', { refresh_token: String(fresh.body.refresh_token) })).status).toBe(401);
  });
});
