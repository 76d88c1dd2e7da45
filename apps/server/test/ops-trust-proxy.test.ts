import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '@/env';
import { startTestApp, type TestApp } from './helper';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * 60 failed logins, each with its own X-Forwarded-For built by `xff(i)`; returns the error codes. An
 * address past 50 failures in 15 minutes gets no verdict (LOGIN_CODE_REQUIRED) instead of one.
 */
async function failedLogins(app: TestApp, xff: (i: number) => string, n = 60) {
  const codes: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await fetch(`${app.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': xff(i) },
      body: new URLSearchParams({ username: `nobody${i}@example.com`, password: 'Wrong!pass1' }),
    });
    codes.push(((await res.json()) as { code: string }).code);
  }
  return codes;
}
const spoof = (i: number) => `198.51.${i}.${i + 1}`;

describe('TRUST_PROXY takes a list of proxies or a hop count', () => {
  it('refuses TRUST_PROXY=true (it trusts every hop) and bad entries, with a clear message', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true".*every hop/s);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('a rotating X-Forwarded-For is held back when the client is not a listed proxy', async () => {
    t = await startTestApp({ TRUST_PROXY: '10.9.9.9' });
    const codes = await failedLogins(t, spoof);
    expect(codes.slice(0, 50).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes.slice(50).every((c) => c === 'LOGIN_CODE_REQUIRED')).toBe(true);
  }, 120_000);

  it('behind listed proxies the limit keys on the first untrusted address, not on what the client prepends', async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    const codes = await failedLogins(t, (i) => `${spoof(i)}, 203.0.113.7, 10.0.0.5`);
    expect(codes.at(49)).toBe('INVALID_CREDENTIALS');
    expect(codes.slice(50).every((c) => c === 'LOGIN_CODE_REQUIRED')).toBe(true);
    // Distinct real clients behind the trusted proxy are told apart.
    expect((await failedLogins(t, (i) => `203.0.114.${i}`, 3)).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
  }, 120_000);

  it('a hop count trusts exactly that many proxies', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const codes = await failedLogins(t, (i) => `${spoof(i)}, 203.0.113.8`);
    expect(codes.slice(50).every((c) => c === 'LOGIN_CODE_REQUIRED')).toBe(true);
  }, 120_000);
});
