import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, refreshTokens, users } from '@/db/schema';
import { readOutbox } from '@/lib/mailer/mailer';
import { startTestApp, type TestApp } from './helper';
import { codeAfter, createVerifiedUser, latestCode, loginForm, post, signUpForCode } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.baseUrl}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
};

describe('sign-up, verification and login', () => {
  it('signs up, mails a 6-digit code, verifies and logs in with form-encoded username and password', async () => {
    const signup = await post(t, '/api/v1/signup', {
      name: 'Meera Iyer',
      username: 'meera01',
      email: 'Meera@Example.com',
      password: 'Str0ng!pass',
    });
    expect(signup.status).toBe(201);
    expect(signup.body.message).toBe('Account created! Check your email for verification.');

    const unverified = await loginForm(t, 'meera@example.com', 'Str0ng!pass');
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('EMAIL_NOT_VERIFIED');

    const code = await latestCode(t, 'meera@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const verify = await post(t, '/api/v1/signup/otp_verify', { email: 'meera@example.com', code });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe('Email verified successfully!');

    const login = await loginForm(t, 'meera@example.com', 'Str0ng!pass');
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(expect.arrayContaining(['user', 'token', 'access_token', 'refresh_token']));
    expect(login.body.token).toBe(login.body.access_token);
    expect(login.body.user).toMatchObject({
      email: 'meera@example.com',
      username: 'meera01',
      name: 'Meera Iyer',
      firstName: 'Meera',
      lastName: 'Iyer',
    });
    expect(JSON.stringify(login.body.user)).not.toContain('password');
  });

  it('says "Invalid email or password" alike for an unknown address and a wrong password', async () => {
    const user = await createVerifiedUser(t);
    const wrong = await loginForm(t, user.email, 'Wrong!pass1');
    const unknown = await loginForm(t, 'nobody@example.com', 'Wrong!pass1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' });
  });

  it('forgot-password answers alike for known and unknown addresses', async () => {
    const user = await createVerifiedUser(t);
    const known = await post(t, '/api/v1/forgot-password', { email: user.email });
    const unknown = await post(t, '/api/v1/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Reset code sent to your email');
  });

  it('tells a taken username at verification (409), not at sign-up, and validates every field with the spec messages', async () => {
    const user = await createVerifiedUser(t);
    const taken = await post(t, '/api/v1/signup', {
      name: 'Ravi Kumar',
      username: user.username,
      email: 'ravi@example.com',
      password: 'Str0ng!pass',
    });
    // Issue 11 item 8: sign-up must not tell whether a username belongs to an address.
    expect(taken.status).toBe(201);
    const verify = await post(t, '/api/v1/signup/otp_verify', { email: 'ravi@example.com', code: await latestCode(t, 'ravi@example.com') });
    expect(verify.status).toBe(409);
    expect(verify.body.code).toBe('USERNAME_TAKEN');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Ravi', username: 'ra', email: 'ravi@example.com', password: 'Str0ng!pass' }, 'Username must be at least 3 characters'],
      [
        { name: 'Ravi', username: 'r'.repeat(31), email: 'ravi@example.com', password: 'Str0ng!pass' },
        'Username must be less than 30 characters',
      ],
      [{ name: 'Ravi', username: 'ravi', email: 'not-an-email', password: 'Str0ng!pass' }, 'Enter a valid email address'],
      [
        { name: 'Ravi', username: 'ravi', email: 'ravi@example.com', password: 'weakpass' },
        'Password must be 8+ chars, include upper, lower, number and special character',
      ],
      [{ name: '1234', username: 'ravi', email: 'ravi@example.com', password: 'Str0ng!pass' }, 'Enter valid details'],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, '/api/v1/signup', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.detail).toBe(message);
    }
  });

  it('validates login input: email required, valid, password at least 6', async () => {
    expect((await loginForm(t, '', 'secret1')).body.detail).toBe('Email is required');
    expect((await loginForm(t, 'bad', 'secret1')).body.detail).toBe('Enter a valid email address');
    expect((await loginForm(t, 'a@b.co', '')).body.detail).toBe('Password is required');
    expect((await loginForm(t, 'a@b.co', '12345')).body.detail).toBe('Password must be at least 6 characters');
  });
});

describe('codes', () => {
  it('a code is single use, and a sign-up code cannot reset a password', async () => {
    const code = await signUpForCode(t, { name: 'Kiran Das', username: 'kiran01', email: 'kiran@example.com' });
    const wrongPurpose = await post(t, '/api/v1/reset-password', {
      email: 'kiran@example.com',
      code,
      password: 'N3w!password',
      confirm: 'N3w!password',
    });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.code).toBe('OTP_INVALID');
    expect((await post(t, '/api/v1/signup/otp_verify', { email: 'kiran@example.com', code })).status).toBe(200);
    const reuse = await post(t, '/api/v1/signup/otp_verify', { email: 'kiran@example.com', code });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('OTP_INVALID');
  });

  it('50 parallel guesses are never counted as more than 5 tries, and the real code then fails', async () => {
    const code = await signUpForCode(t, { name: 'Brute Force', username: 'brute01', email: 'brute@example.com' });
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(
      guesses.map((g) =>
        post(
          t,
          '/api/v1/signup/otp_verify',
          { email: 'brute@example.com', code: g },
          { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
        ),
      ),
    );
    const compared = results.filter((r) => r.body.code === 'OTP_INVALID' || r.body.code === 'OTP_TOO_MANY_ATTEMPTS');
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(results.filter((r) => r.body.code === 'OTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(compared.length).toBeGreaterThan(0);
    const real = await post(t, '/api/v1/signup/otp_verify', { email: 'brute@example.com', code });
    expect(real.status).toBeGreaterThanOrEqual(400);
    expect(['OTP_TOO_MANY_ATTEMPTS', 'RATE_LIMITED']).toContain(real.body.code);
  });

  it('allows a resend once a minute and five times an hour, answering 429 with Retry-After', async () => {
    await post(t, '/api/v1/signup', { name: 'Resend Tester', username: 'resend01', email: 'resend@example.com', password: 'Str0ng!pass' });
    const tooSoon = await post(t, '/api/v1/signup/resend_otp', { email: 'resend@example.com' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('RESEND_TOO_SOON');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rejects malformed codes without a 5xx', async () => {
    for (const code of ['12345', 'abcdef', '1234567', '', null, 123456]) {
      const res = await post(t, '/api/v1/signup/otp_verify', { email: 'x@example.com', code });
      expect(res.status).toBe(400);
    }
  });
});

describe('sessions', () => {
  it('verifies a bearer token and rejects a missing or forged one', async () => {
    const user = await createVerifiedUser(t);
    const ok = await get('/api/v1/auth/verify', auth(user.accessToken));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { email: user.email }, token: user.accessToken, access_token: user.accessToken });
    expect((await get('/api/v1/auth/verify')).status).toBe(401);
    expect((await get('/api/v1/auth/verify', auth(`${user.accessToken}x`))).body.code).toBe('TOKEN_INVALID');
  });

  it('rotates refresh tokens; reusing a rotated one after the grace revokes the whole family', async () => {
    const user = await createVerifiedUser(t);
    const first = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(user.refreshToken);
    // A second tab within 10 s still gets a session.
    const secondTab = await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken });
    expect(secondTab.status).toBe(200);
    expect(first.body).toHaveProperty('access_token');
  });

  it('logout revokes the family: its refresh token and access token stop working', async () => {
    const user = await createVerifiedUser(t);
    const out = await post(t, '/api/v1/auth/logout', {}, auth(user.accessToken));
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully');
    expect((await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    expect((await get('/api/v1/auth/verify', auth(user.accessToken))).status).toBe(401);
  });

  it('a password reset revokes every session and mails the owner', async () => {
    const user = await createVerifiedUser(t);
    const code = await codeAfter(t, user.email, () => post(t, '/api/v1/forgot-password', { email: user.email }));
    const resetTo = (confirm: string) =>
      post(t, '/api/v1/reset-password', { email: user.email, reset_token: code, new_password: 'N3w!password', confirm_password: confirm });
    const mismatch = await resetTo('Other!pass1');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.detail).toBe('Passwords do not match');
    const reset = await resetTo('N3w!password');
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully!');
    expect((await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    expect((await get('/api/v1/auth/verify', auth(user.accessToken))).status).toBe(401);
    expect((await loginForm(t, user.email, user.password)).status).toBe(401);
    expect((await loginForm(t, user.email, 'N3w!password')).status).toBe(200);
    await expect
      .poll(async () => (await readOutbox(t.dataDir)).filter((m) => m.to === user.email).at(-1)?.subject)
      .toMatch(/password was changed/);
  });
});

describe('profile and deletion', () => {
  it('updates the profile and rejects bad names', async () => {
    const user = await createVerifiedUser(t);
    const res = await fetch(`${t.baseUrl}/api/user/update`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth(user.accessToken) },
      body: JSON.stringify({ firstName: 'Anita', lastName: 'Sharma', name: 'Anita Sharma' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({
      firstName: 'Anita',
      lastName: 'Sharma',
      name: 'Anita Sharma',
      email: user.email,
    });
    const bad = await fetch(`${t.baseUrl}/api/user/update`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth(user.accessToken) },
      body: JSON.stringify({ name: '<script>' }),
    });
    expect(bad.status).toBe(400);
  });

  it('deletes the account and every row of it after checking the password, then mails the owner', async () => {
    const user = await createVerifiedUser(t);
    const del = (body: unknown) =>
      fetch(`${t.baseUrl}/api/v1/users/account`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...auth(user.accessToken) },
        body: JSON.stringify(body),
      });
    const noReason = await del({ password: user.password });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { detail: string }).detail).toBe('Please select a reason');
    expect((await del({ password: 'Wrong!pass1', reason: 'other' })).status).toBe(401);
    const ok = await del({ password: user.password, reason: 'privacy_concerns', feedback: 'bye' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toBe('Account deleted successfully');
    expect((await loginForm(t, user.email, user.password)).status).toBe(401);
    expect((await post(t, '/api/v1/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    for (const table of [users, refreshTokens] as const) {
      expect(
        await t.db
          .select()
          .from(table)
          .where(eq(table === users ? users.id : refreshTokens.userId, user.id)),
      ).toHaveLength(0);
    }
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, user.email))).toHaveLength(0);
    await expect
      .poll(async () => (await readOutbox(t.dataDir)).filter((m) => m.to === user.email).at(-1)?.subject)
      .toMatch(/account was deleted/);
  });

  it('the settings flow deletes only with the account email and the word DELETE', async () => {
    const user = await createVerifiedUser(t);
    const del = (body: unknown) =>
      fetch(`${t.baseUrl}/api/user/delete`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...auth(user.accessToken) },
        body: JSON.stringify(body),
      });
    expect((await del({ email: user.email, confirmation: 'delete' })).status).toBe(400);
    expect((await del({ email: 'other@example.com', confirmation: 'DELETE' })).status).toBe(400);
    expect((await del({ email: user.email.toUpperCase(), confirmation: 'DELETE' })).status).toBe(200);
    expect((await loginForm(t, user.email, user.password)).status).toBe(401);
  });
});

describe('bad input never causes a 5xx', () => {
  it('answers junk bodies on every account route with 4xx', async () => {
    const paths = [
      '/api/v1/login',
      '/api/v1/signup',
      '/api/v1/signup/otp_verify',
      '/api/v1/signup/resend_otp',
      '/api/v1/forgot-password',
      '/api/v1/reset-password',
      '/api/v1/refresh',
    ];
    const bodies = [
      '{bad json',
      '[]',
      '"string"',
      'null',
      JSON.stringify({ email: { $gt: '' } }),
      JSON.stringify({ email: 'a'.repeat(100_000) }),
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const res = await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });
});
