import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '@/lib/clock';
import { readOutbox } from '@/lib/mailer/mailer';
import { startTestApp, type TestApp } from './helper';
import { codeAfter, loginForm, post } from './users';

let t: TestApp;
let clock: ManualClock;
const lines: string[] = [];
beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 0, 1));
  const logStream = new Writable({
    write(chunk, _e, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // The most talkative level: every request, every mail, every warning.
  t = await startTestApp({ LOG_LEVEL: 'trace' }, { clock, logStream });
});
afterAll(async () => {
  await t.close();
});

const json = async (res: Response) => (await res.json()) as Record<string, string | undefined>;

describe('no log line carries a secret', () => {
  it('sign-up, resend, verify, login, refresh, forgot, reset, logout and delete log no code, token, password, address or subject', async () => {
    const email = 'log.watcher@example.com';
    const password = 'Str0ng!pass-first';
    const newPassword = 'Str0ng!pass-second';
    const secrets: string[] = [email, password, newPassword];

    const first = await codeAfter(t, email, () =>
      post(t, '/api/v1/signup', { name: 'Log Watcher', username: 'logwatcher', email, password }),
    );
    clock.advance(61_000);
    const resent = await codeAfter(t, email, () => post(t, '/api/v1/signup/resend_otp', { email }));
    expect((await post(t, '/api/v1/signup/otp_verify', { email, code: resent })).status).toBe(200);
    secrets.push(first, resent);

    const login = await loginForm(t, email, password);
    expect(login.status).toBe(200);
    const refreshed = await fetch(`${t.baseUrl}/api/v1/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: login.body.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const r = await json(refreshed);
    secrets.push(String(login.body.access_token), String(login.body.refresh_token), String(r.access_token), String(r.refresh_token));

    clock.advance(61_000);
    const reset = await codeAfter(t, email, () => post(t, '/api/v1/forgot-password', { email }));
    secrets.push(reset);
    expect((await post(t, '/api/v1/reset-password', { email, code: reset, password: newPassword, confirm: newPassword })).status).toBe(200);

    const again = await loginForm(t, email, newPassword);
    expect(again.status).toBe(200);
    const access = String(again.body.access_token);
    secrets.push(access, String(again.body.refresh_token));
    const logout = await fetch(`${t.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${access}` } });
    expect(logout.status).toBe(200);

    const last = await loginForm(t, email, newPassword);
    secrets.push(String(last.body.access_token), String(last.body.refresh_token));
    const del = await fetch(`${t.baseUrl}/api/v1/users/account`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${last.body.access_token}` },
      body: JSON.stringify({ password: newPassword, reason: 'other' }),
    });
    expect(del.status).toBe(200);
    // Mail goes out after the answer: wait for the last one (account deleted).
    await expect.poll(async () => (await readOutbox(t.dataDir)).filter((m) => m.to === email).length).toBeGreaterThanOrEqual(5);

    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).toContain('mail written to the outbox');
    for (const secret of [...secrets, ...mails.map((m) => m.subject)]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
    }
    // No 6-digit code anywhere (ids and timestamps in the log are longer or shaped differently).
    for (const code of [first, resent, reset]) expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
