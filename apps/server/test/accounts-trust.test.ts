import { inspect } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '@/db/schema';
import type { ManualClock } from '@/lib/clock';
import { readOutbox } from '@/lib/mailer/mailer';
import { type TestApp, useAppOnClock } from './helper';
import { codeAfter, createVerifiedUser, latestCode, loginForm, post, randomIp } from './users';

/** Issue 11: account trust (pre-verification takeover, lockouts, usernames, deletion, refresh, events). */
let t: TestApp;
let clock: ManualClock;
useAppOnClock(Date.UTC(2026, 2, 1), (app, c) => {
  [t, clock] = [app, c];
});

const MINUTE = 60_000;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let n = 0;
const fresh = (prefix: string) => {
  n += 1;
  return { email: `${prefix}${n}-${Date.now()}@example.com`, username: `${prefix}${n}${Date.now() % 100000}` };
};
const del = async (path: string, token: string, body: unknown) => {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...auth(token) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; detail?: string; message?: string } };
};

describe('pre-verification takeover (item 3)', () => {
  it('a later sign-up for an unverified address does not change what the first code activates', async () => {
    const { email, username } = fresh('victim');
    const victim = { name: 'Victim Person', username, email, password: 'Victim!pass7' };
    const attacker = { name: 'Attacker Person', username: `${username}x`, email, password: 'Attack!pass9' };
    const first = await post(t, '/api/v1/signup', victim);
    const victimCode = await latestCode(t, email);
    // Within the minute (no mail goes out) and after it (a mail with a code of its own goes out).
    const soon = await post(t, '/api/v1/signup', attacker);
    clock.advance(2 * MINUTE);
    const later = await post(t, '/api/v1/signup', { ...attacker, password: 'Attack!pass8' });
    expect([soon.status, later.status]).toEqual([first.status, first.status]);
    expect(soon.body).toEqual(first.body);
    expect(later.body).toEqual(first.body);

    const verified = await post(t, '/api/v1/signup/otp_verify', { email, code: victimCode });
    expect(verified.status).toBe(200);
    const login = await loginForm(t, email, victim.password);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: victim.username, name: victim.name });
    expect((await loginForm(t, email, attacker.password)).status).toBe(401);
    expect((await loginForm(t, email, 'Attack!pass8')).status).toBe(401);
  });
  it('two codes of one address verified at once make one account, with the credentials of the code that won', async () => {
    const { email, username } = fresh('race');
    await post(t, '/api/v1/signup', { name: 'First Person', username: `${username}a`, email, password: 'First!pass77' });
    const codeA = await latestCode(t, email);
    clock.advance(2 * MINUTE);
    const codeB = await codeAfter(t, email, () =>
      post(t, '/api/v1/signup', { name: 'Second Person', username: `${username}b`, email, password: 'Second!pass77' }),
    );
    const [a, b] = await Promise.all([
      post(t, '/api/v1/signup/otp_verify', { email, code: codeA }),
      post(t, '/api/v1/signup/otp_verify', { email, code: codeB }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner =
      a.status === 200 ? { password: 'First!pass77', username: `${username}a` } : { password: 'Second!pass77', username: `${username}b` };
    const loser = a.status === 200 ? 'Second!pass77' : 'First!pass77';
    const login = await loginForm(t, email, winner.password);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: winner.username });
    expect((await loginForm(t, email, loser)).status).toBe(401);
  });
});

describe('usernames (item 8)', () => {
  it('sign-up answers alike whether or not a username belongs to the address; a taken one is told at verification', async () => {
    const owner = await createVerifiedUser(t);
    clock.advance(2 * MINUTE);
    const other = fresh('other');
    const withOwnersEmail = await post(t, '/api/v1/signup', {
      name: 'Some One',
      username: owner.username,
      email: owner.email,
      password: 'Str0ng!pass',
    });
    const withOtherEmail = await post(t, '/api/v1/signup', {
      name: 'Some One',
      username: owner.username,
      email: other.email,
      password: 'Str0ng!pass',
    });
    const unrelated = await post(t, '/api/v1/signup', { name: 'Some One', ...fresh('free'), password: 'Str0ng!pass' });
    expect([withOwnersEmail.status, withOtherEmail.status, unrelated.status]).toEqual([201, 201, 201]);
    expect(withOtherEmail.body).toEqual(withOwnersEmail.body);
    expect(unrelated.body).toEqual(withOwnersEmail.body);
    // Only someone who owns the other mailbox learns, at verification, that the username is taken.
    const verify = await post(t, '/api/v1/signup/otp_verify', { email: other.email, code: await latestCode(t, other.email) });
    expect(verify.status).toBe(409);
    expect(verify.body.code).toBe('USERNAME_TAKEN');
    expect(verify.body.fields).toEqual({ username: 'That username is already taken.' });
    expect((await loginForm(t, owner.email, owner.password)).status).toBe(200);
  });
});

describe('strangers cannot lock the owner out (item 7)', () => {
  it("wrong codes from 16 addresses do not stop the owner's fresh code after a resend", async () => {
    const { email, username } = fresh('codes');
    await post(t, '/api/v1/signup', { name: 'Code Owner', username, email, password: 'Str0ng!pass' });
    const code = await latestCode(t, email);
    for (let i = 0; i < 16; i += 1) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const res = await post(t, '/api/v1/signup/otp_verify', { email, code: wrong }, { 'x-forwarded-for': `10.77.${i}.1` });
      expect(res.status).toBe(400);
    }
    clock.advance(61_000);
    const freshCode = await codeAfter(t, email, () => post(t, '/api/v1/signup/resend_otp', { email }));
    const ok = await post(t, '/api/v1/signup/otp_verify', { email, code: freshCode });
    expect(ok.status).toBe(200);
  });

  it("wrong passwords from other addresses do not refuse the owner's password from an address they used before", async () => {
    const user = await createVerifiedUser(t);
    const home = '10.88.1.1';
    expect((await loginForm(t, user.email, user.password, home)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await loginForm(t, user.email, `Wrong!pass${i}`, `10.88.2.${i + 1}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The stranger stays slowed, even with the right password; the owner at home signs in.
    expect((await loginForm(t, user.email, user.password, '10.88.3.1')).status).toBe(429);
    expect((await loginForm(t, user.email, user.password, home)).status).toBe(200);
  });
});

describe('growing delays for strangers (item 7)', () => {
  it('each lockout of an account doubles how long unknown addresses wait (15, then 30 minutes); the owner at home is never refused', async () => {
    const user = await createVerifiedUser(t);
    const home = '10.90.1.1';
    expect((await loginForm(t, user.email, user.password, home)).status).toBe(200);
    let k = 0;
    const stranger = () => {
      k += 1;
      return `10.90.2.${k}`;
    };
    const wrong = async () => (await loginForm(t, user.email, 'Wrong!pass1', stranger())).status;
    for (let i = 0; i < 5; i += 1) expect(await wrong()).toBe(401);
    const first = await loginForm(t, user.email, 'Wrong!pass1', stranger());
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    clock.advance(15 * MINUTE + 1000);
    for (let i = 0; i < 5; i += 1) expect(await wrong()).toBe(401);
    const second = await loginForm(t, user.email, 'Wrong!pass1', stranger());
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
    clock.advance(16 * MINUTE);
    // Past the 15-minute window the second lock (30 minutes) still holds for strangers...
    expect(await wrong()).toBe(429);
    // ...but never for the owner's address.
    expect((await loginForm(t, user.email, user.password, home)).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect(await wrong()).toBe(401);
  });
});

describe('deletion needs a recent authentication (items 13, 26)', () => {
  it('a session older than 5 minutes cannot delete through the settings flow without the password', async () => {
    const user = await createVerifiedUser(t);
    clock.advance(6 * MINUTE);
    // A refresh keeps the login's time: it is not a new proof of identity.
    const refreshed = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(refreshed.status).toBe(200);
    const token = String(refreshed.body.access_token);
    const stale = await del('/api/user/delete', token, { email: user.email, confirmation: 'DELETE' });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({
      code: 'RECENT_AUTH_REQUIRED',
      detail: 'For your security, please enter your password again to delete your account.',
    });
    expect((await loginForm(t, user.email, user.password)).status).toBe(200);
    expect((await del('/api/user/delete', token, { email: user.email, confirmation: 'DELETE', password: 'Wrong!pass1' })).status).toBe(401);
    const ok = await del('/api/user/delete', token, { email: user.email, confirmation: 'DELETE', password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Account deleted successfully');
  });

  it('a fresh login deletes through the settings flow at once', async () => {
    const user = await createVerifiedUser(t);
    expect((await del('/api/user/delete', user.accessToken, { email: user.email, confirmation: 'DELETE' })).status).toBe(200);
  });

  it('the password check of DELETE /api/v1/users/account is limited per account, like login', async () => {
    const user = await createVerifiedUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await del('/api/v1/users/account', user.accessToken, { password: `Wrong!pass${i}`, reason: 'other' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await del('/api/v1/users/account', user.accessToken, { password: user.password, reason: 'other' })).status).toBe(429);
    clock.advance(15 * MINUTE + 1000);
    const fresh = await loginForm(t, user.email, user.password);
    expect((await del('/api/v1/users/account', String(fresh.body.access_token), { password: user.password, reason: 'other' })).status).toBe(
      200,
    );
  });
});

describe('refresh (item 14) and logout (item 15)', () => {
  it('parallel refreshes with one token get the same child and do not fork the family', async () => {
    const user = await createVerifiedUser(t);
    const results = await Promise.all(Array.from({ length: 4 }, () => post(t, '/api/v1/refresh', { refresh_token: user.refreshToken })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1);
    expect((await post(t, '/api/v1/refresh', { refresh_token: String(results[0]?.body.refresh_token) })).status).toBe(200);
  });

  it('logout answers Clear-Site-Data: "storage"', async () => {
    const user = await createVerifiedUser(t);
    const out = await post(t, '/api/v1/auth/logout', {}, auth(user.accessToken));
    expect(out.status).toBe(200);
    expect(out.headers.get('clear-site-data')).toBe('"storage"');
  });
});

describe('common passwords (item 19)', () => {
  it('refuses a common password at sign-up and at reset with a field error', async () => {
    for (const password of ['P@ssw0rd', 'Password1!', 'Qwerty123!']) {
      const res = await post(t, '/api/v1/signup', { name: 'Common Pass', ...fresh('common'), password });
      expect(res.status, password).toBe(400);
      expect(res.body.code).toBe('PASSWORD_TOO_COMMON');
      expect(res.body.fields).toEqual({ password: 'This password is too common. Please choose a less predictable one.' });
    }
    const user = await createVerifiedUser(t);
    clock.advance(2 * MINUTE);
    const code = await codeAfter(t, user.email, () => post(t, '/api/v1/forgot-password', { email: user.email }));
    const reset = await post(t, '/api/v1/reset-password', { email: user.email, code, password: 'Sunshine2024!', confirm: 'Sunshine2024!' });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('PASSWORD_TOO_COMMON');
    const good = await post(t, '/api/v1/reset-password', { email: user.email, code, password: 'Kx9!tern-Owl', confirm: 'Kx9!tern-Owl' });
    expect(good.status).toBe(200);
  });
});

describe('security events (item 16)', () => {
  it('logs refresh reuse, family revocation, lockouts, resets and deletions by user id, never the e-mail', async () => {
    const calls: unknown[][] = [];
    const spies = (['warn', 'info', 'error'] as const).map((level) =>
      vi.spyOn(t.app.log, level).mockImplementation(((...args: unknown[]) => {
        calls.push(args);
      }) as never),
    );
    try {
      const user = await createVerifiedUser(t);
      // Refresh reuse after the grace revokes the family.
      const rotated = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
      expect(rotated.status).toBe(200);
      clock.advance(11_000);
      expect((await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
      // Five wrong passwords lock the account for strangers.
      for (let i = 0; i < 5; i += 1) await loginForm(t, user.email, `Wrong!pass${i}`);
      // A reset, then a deletion.
      clock.advance(2 * MINUTE);
      const code = await codeAfter(t, user.email, () => post(t, '/api/v1/forgot-password', { email: user.email }));
      expect(
        (await post(t, '/api/v1/reset-password', { email: user.email, code, password: 'Kx9!tern-Owl', confirm: 'Kx9!tern-Owl' })).status,
      ).toBe(200);
      const login = await loginForm(t, user.email, 'Kx9!tern-Owl');
      expect(
        (await del('/api/v1/users/account', String(login.body.access_token), { password: 'Kx9!tern-Owl', reason: 'other' })).status,
      ).toBe(200);

      const events = calls
        .map(([obj]) => obj as { securityEvent?: string; userId?: string })
        .filter((o) => o && typeof o === 'object' && o.securityEvent);
      const kinds = events.map((e) => e.securityEvent);
      for (const kind of ['refresh_reuse', 'family_revoked', 'login_locked', 'password_reset', 'account_deleted'])
        expect(kinds, kind).toContain(kind);
      expect(events.every((e) => e.userId === user.id)).toBe(true);
      expect(calls.filter(([obj, msg]) => (obj as { securityEvent?: string })?.securityEvent && msg === 'security event')).toHaveLength(
        events.length,
      );
      // Fastify's own request lines carry raw req/res objects that pino's serializers reduce (method, url, status).
      const ours = calls.filter(([o]) => !(o && typeof o === 'object' && ('req' in o || 'res' in o)));
      const logged = inspect(ours, { depth: 6 });
      expect(logged).not.toContain(user.email);
      expect(logged).not.toContain(user.password);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe('strangers cannot stop the owner from resetting (item 7)', () => {
  it("forgot-password requests from strangers do not refuse the owner's request from an address they used before", async () => {
    const user = await createVerifiedUser(t);
    const home = '10.89.1.1';
    expect((await loginForm(t, user.email, user.password, home)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      clock.advance(61_000);
      statuses.push((await post(t, '/api/v1/forgot-password', { email: user.email }, { 'x-forwarded-for': `10.89.2.${i + 1}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The sign-up mail and the five strangers' reset mails (mail goes out a little after each answer).
    await expect.poll(async () => (await readOutbox(t.dataDir)).filter((m) => m.to === user.email).length).toBe(6);
    const code = await codeAfter(t, user.email, async () => {
      const own = await post(t, '/api/v1/forgot-password', { email: user.email }, { 'x-forwarded-for': home });
      expect(own.status).toBe(200);
    });
    const reset = await post(t, '/api/v1/reset-password', { email: user.email, code, password: 'Kx9!tern-Owl', confirm: 'Kx9!tern-Owl' });
    expect(reset.status).toBe(200);
  });
});
