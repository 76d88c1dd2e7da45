import fc from 'fast-check';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';
import { ACCOUNT_FIELD_NAMES } from './route-fuzz-inputs';
import { type TestUser, useAppWithUser } from './users';

let t: TestApp;
let user: TestUser;
useAppWithUser((app, verified) => {
  t = app;
  user = verified;
});

const verify = (token: string) => fetch(`${t.baseUrl}/api/v1/auth/verify`, { headers: { authorization: `Bearer ${token}` } });
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('forged tokens are refused', () => {
  it('alg none, a wrong key, an expired token and a refresh token used as an access token', async () => {
    const claims = { typ: 'access', sub: user.id, iss: 'sangam', aud: 'sangam-web', exp: Math.floor(Date.now() / 1000) + 600 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('y'.repeat(48)));
    for (const token of [none, wrongKey, expired, user.refreshToken, 'not.a.token', '']) {
      const res = await verify(token);
      expect(res.status, token.slice(0, 20)).toBe(401);
    }
    expect((await verify(user.accessToken)).status).toBe(200);
  });
});

describe('profile updates', () => {
  it('cannot change email, username or id', async () => {
    const res = await fetch(`${t.baseUrl}/api/user/update`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify({
        name: 'New Name',
        email: 'hijack@example.com',
        username: 'hijacker',
        id: '00000000-0000-4000-8000-000000000000',
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; email: string; username: string; name: string } };
    expect(body.user).toMatchObject({ id: user.id, email: user.email, username: user.username, name: 'New Name' });
  });
});

describe('proxy trust', () => {
  it('with TRUST_PROXY off (the default) a spoofed X-Forwarded-For does not reset the limits', async () => {
    const direct = await startTestApp({ TRUST_PROXY: 'false' });
    const answers: Array<{ status: number; code?: string }> = [];
    // The address's outer bound: 50 failures in 15 minutes, then no verdict for unknown devices.
    for (let i = 0; i < 51; i += 1) {
      const res = await fetch(`${direct.baseUrl}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.1.${i}.1` },
        body: new URLSearchParams({ username: `nobody${i}@example.com`, password: 'Wrong!pass1' }),
      });
      answers.push({ status: res.status, code: ((await res.json()) as { code?: string }).code });
    }
    expect(answers.at(-2)?.code).toBe('INVALID_CREDENTIALS');
    expect(answers.at(-1)).toEqual({ status: 401, code: 'LOGIN_CODE_REQUIRED' });
    await direct.close();
  }, 120_000);
});

describe('fuzzing: no input gets a 5xx', () => {
  const endpoints: Array<[string, string]> = [
    ['POST', '/api/v1/login'],
    ['POST', '/api/v1/signup'],
    ['POST', '/api/v1/signup/otp_verify'],
    ['POST', '/api/v1/signup/resend_otp'],
    ['POST', '/api/v1/forgot-password'],
    ['POST', '/api/v1/reset-password'],
    ['POST', '/api/v1/refresh'],
    ['POST', '/api/v1/auth/logout'],
    ['DELETE', '/api/v1/users/account'],
    ['PUT', '/api/user/update'],
    ['DELETE', '/api/user/delete'],
  ];
  const fieldNames = fc.constantFrom(...ACCOUNT_FIELD_NAMES);
  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string()),
    fc.dictionary(fc.string(), fc.string()),
    fc.emailAddress(),
    fc.stringMatching(/^\d{6}$/),
  );
  const text = (v: unknown): string => {
    try {
      return typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null');
    } catch {
      return '';
    }
  };
  const body = fc.oneof(fc.dictionary(fieldNames, value), fc.anything(), fc.string());

  for (const [method, path] of endpoints) {
    it(`${method} ${path}: 1000 random bodies`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, asForm) => {
          const payload = text(b);
          const res = await t.app.inject({
            method: method as 'POST',
            url: path,
            headers: {
              authorization: `Bearer ${user.accessToken}`,
              'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
              'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.0.1`,
            },
            payload:
              asForm && b && typeof b === 'object' && !Array.isArray(b)
                ? new URLSearchParams(Object.entries(b).map(([k, v]): [string, string] => [k, text(v)])).toString()
                : payload,
          });
          expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 120)}`).toBeLessThan(500);
        }),
        { numRuns: 1000 },
      );
    }, 120_000);
  }
});
