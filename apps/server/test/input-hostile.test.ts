import { MESSAGES } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './helper';
import { randomIp, type TestUser, useAppWithUser } from './users';

const N = 50_000;
/** What an attacker sends to make validation work hard (issue 11, item 5). */
const HOSTILE: Record<string, string> = {
  dots: '.'.repeat(N),
  'local part': `${'a'.repeat(N)}@example.com`,
  'dots after @, then @': `a@${'.'.repeat(N)}@`,
  'dotted labels, then @': `a@a${'.a'.repeat(N / 2)}@`,
  'nested quotes': `${'"\\"'.repeat(N / 3)}@example.com`,
  'at signs': '@'.repeat(N),
  spaces: `a${' '.repeat(N)}b`,
  NUL: '\u0000'.repeat(N),
  'combining marks': `e${'\u0301'.repeat(N)}@example.com`,
};
for (const char of "!#$%&'*+-/=?^_`{|}~()[]\\:;<>,") HOSTILE[`50k ${char}`] = char.repeat(N);

type Endpoint = { method: string; path: string; base: Record<string, unknown>; fields: string[]; signedIn?: boolean };
/** Every account endpoint with a body and each of its text fields; bases that can never succeed. */
const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/login',
    base: { username: 'nobody@example.com', password: 'Wr0ng!pass' },
    fields: ['username', 'password'],
  },
  {
    method: 'POST',
    path: '/api/v1/signup',
    base: { name: 'Asha Rao', username: 'hostile', email: 'hostile@example.com', password: 'Str0ng!pass' },
    fields: ['name', 'username', 'email', 'password'],
  },
  { method: 'POST', path: '/api/v1/signup/otp_verify', base: { email: 'nobody@example.com', code: '000000' }, fields: ['email', 'code'] },
  { method: 'POST', path: '/api/v1/signup/resend_otp', base: { email: 'nobody@example.com' }, fields: ['email'] },
  { method: 'POST', path: '/api/v1/forgot-password', base: { email: 'nobody@example.com' }, fields: ['email'] },
  {
    method: 'POST',
    path: '/api/v1/reset-password',
    base: { email: 'nobody@example.com', code: '000000', password: 'Str0ng!pass', confirm: 'Str0ng!pass' },
    fields: ['email', 'code', 'password', 'confirm', 'reset_token', 'new_password', 'confirm_password'],
  },
  { method: 'POST', path: '/api/v1/refresh', base: { refresh_token: 'x'.repeat(40) }, fields: ['refresh_token'] },
  { method: 'POST', path: '/api/v1/auth/logout', base: {}, fields: ['refresh_token'], signedIn: true },
  {
    method: 'DELETE',
    path: '/api/v1/users/account',
    base: { password: 'Wr0ng!pass', reason: 'other' },
    fields: ['password', 'reason', 'feedback'],
    signedIn: true,
  },
  { method: 'PUT', path: '/api/user/update', base: {}, fields: ['firstName', 'lastName', 'name'], signedIn: true },
  {
    method: 'DELETE',
    path: '/api/user/delete',
    base: { email: 'other@example.com', confirmation: 'no' },
    fields: ['email', 'confirmation'],
    signedIn: true,
  },
];

let t: TestApp;
let user: TestUser;
useAppWithUser((app, verified) => {
  t = app;
  user = verified;
});

/**
 * Sends one request and measures its wall time and the CPU time this process (the server runs in it)
 * spent meanwhile: a validator that blocks the event loop burns CPU, while a busy shared test machine
 * only stretches the wall time.
 */
async function send(endpoint: Endpoint, body: Record<string, unknown>) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await fetch(`${t.baseUrl}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomIp(),
      ...(endpoint.signedIn ? { authorization: `Bearer ${user.accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code?: string; detail?: string };
  const cpu = process.cpuUsage(cpuBefore);
  return { status: res.status, answer, ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Polls /healthz every few milliseconds until stopped; returns each answer's latency. */
function watchHealth() {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${t.baseUrl}/healthz`).then((r) => r.text());
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.floor(sorted.length * q)] ?? 0;
      return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
    },
  };
}

describe('hostile strings on every text field of every account endpoint', () => {
  it('forgot-password with a@, 50,000 dots and @ answers 400 within 50 ms of CPU while /healthz stays fast', async () => {
    const forgot = ENDPOINTS.find((e) => e.path === '/api/v1/forgot-password') as Endpoint;
    await send(forgot, { email: 'warm@example.com' });
    const health = watchHealth();
    await new Promise((r) => setTimeout(r, 20));
    const hostile = { email: `a@${'.'.repeat(N)}@` };
    let res = await send(forgot, hostile);
    for (let retry = 0; retry < 2 && res.cpuMs >= 50; retry += 1) res = await send(forgot, hostile);
    const healthz = await health.stop();
    process.stdout.write(
      `a@ + 50,000 dots + @: ${res.ms.toFixed(1)} ms (${res.cpuMs.toFixed(1)} ms CPU); /healthz max ${healthz.max.toFixed(1)} ms\n`,
    );
    expect(res.status).toBe(400);
    expect(res.answer.code).toBe('VALIDATION_FAILED');
    expect(res.cpuMs).toBeLessThan(50);
    expect(res.ms).toBeLessThan(1000);
    expect(healthz.max).toBeLessThan(1000);
  });

  it('every hostile 50,000-character string on every field answers 4xx within 50 ms of CPU, and /healthz stays fast meanwhile', async () => {
    const health = watchHealth();
    const slow: string[] = [];
    const failures: string[] = [];
    let count = 0;
    let slowest = 0;
    const walls: number[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const field of endpoint.fields) {
        for (const [label, hostile] of Object.entries(HOSTILE)) {
          const body = { ...endpoint.base, [field]: hostile };
          // Up to three tries: a blocking validator is slow every time, a busy test machine only now and then.
          let res = await send(endpoint, body);
          for (let retry = 0; retry < 2 && res.cpuMs >= 50; retry += 1) res = await send(endpoint, body);
          count += 1;
          walls.push(res.ms);
          slowest = Math.max(slowest, res.cpuMs);
          const where = `${endpoint.method} ${endpoint.path} ${field} = ${label}`;
          if (res.status < 400 || res.status >= 500) failures.push(`${where}: ${res.status} ${res.answer.code}`);
          if (res.cpuMs >= 50) slow.push(`${where}: ${res.cpuMs.toFixed(1)} ms of CPU`);
          if (res.ms >= 1000) slow.push(`${where}: ${res.ms.toFixed(1)} ms`);
        }
      }
    }
    const healthz = await health.stop();
    walls.sort((a, b) => a - b);
    process.stdout.write(
      `${count} hostile requests: CPU per request at most ${slowest.toFixed(1)} ms (best of 3); wall p50 ` +
        `${walls[Math.floor(count / 2)]?.toFixed(1)} ms, p95 ${walls[Math.floor(count * 0.95)]?.toFixed(1)} ms; /healthz meanwhile: ${healthz.count} answers, ` +
        `p50 ${healthz.p50.toFixed(1)} ms, p95 ${healthz.p95.toFixed(1)} ms, max ${healthz.max.toFixed(1)} ms\n`,
    );
    expect(failures).toEqual([]);
    expect(slow).toEqual([]);
    // Before the fix one such request held the event loop 2.8 s; a shared test machine adds tens of ms now and then.
    expect(healthz.p50).toBeLessThan(50);
    expect(healthz.max).toBeLessThan(1000);
  }, 120_000);
});

describe('NUL in an e-mail address', () => {
  for (const path of [
    '/api/v1/signup/resend_otp',
    '/api/v1/forgot-password',
    '/api/v1/signup/otp_verify',
    '/api/v1/login',
    '/api/v1/signup',
  ]) {
    it(`${path}: an e-mail with a NUL byte answers 400 "${MESSAGES.emailInvalid}", not 500`, async () => {
      const email = 'a\u0000b@example.com';
      const body = { email, username: email, code: '123456', password: 'Str0ng!pass', name: 'Asha Rao' };
      if (path === '/api/v1/signup') body.username = 'nulcheck';
      const res = await send({ method: 'POST', path, base: {}, fields: [] }, body);
      expect(res.status).toBe(400);
      expect(res.answer.code).toBe('VALIDATION_FAILED');
      expect(res.answer.detail).toBe(MESSAGES.emailInvalid);
    });
  }
});
