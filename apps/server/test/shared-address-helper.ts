import { randomUUID } from 'node:crypto';
import { readOutbox } from '@/lib/mailer/mailer';
import type { TestApp } from './helper';

/** With TEST_REDIS_URL the limits live in Redis, under a prefix of this test file's own. */
export const redisEnv = (): Record<string, string> =>
  process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-${randomUUID().slice(0, 8)}:` } : {};

export type Answer = { status: number; body: Record<string, unknown> & { code?: string; detail?: string }; cookies: string[] };

/** One browser: keeps the cookies the server sets (name=value) and sends them back. */
export function browser(t: TestApp, ip: string) {
  const jar = new Map<string, string>();
  const send = async (path: string, body: Record<string, string>): Promise<Answer> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const cookies = res.headers.getSetCookie();
    for (const c of cookies) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, cookies };
  };
  return {
    jar,
    send,
    login: (username: string, password: string, code?: string) => send('/api/v1/login', { username, password, ...(code ? { code } : {}) }),
  };
}
export type Browser = ReturnType<typeof browser>;

/** Busy answers (503 SERVER_BUSY, the Argon2 gate shedding on a loaded machine) retried, as a browser does after Retry-After. */
export const busy = { retries: 0 };
export async function retryBusy<T>(work: () => Promise<T>, isBusy: (result: T) => boolean = () => false): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      const result = await work();
      if (i < 8 && isBusy(result)) {
        busy.retries += 1;
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      return result;
    } catch (err) {
      if (i >= 8 || !String(err).includes('SERVER_BUSY')) throw err;
      busy.retries += 1;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

/** The mails to an address so far (the outbox of the test's DATA_DIR). */
export const mailsTo = async (t: TestApp, email: string) => (await readOutbox(t.dataDir)).filter((m) => m.to === email);

/** Waits for mail number `n` (1-based) to an address and returns its 6-digit code. */
export async function nthCode(t: TestApp, email: string, n: number): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const code = (await mailsTo(t, email))[n - 1]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail number ${n} to ${email}`);
}

/**
 * Signs in; when the server asks for the code it mailed (LOGIN_CODE_REQUIRED), reads it from the
 * outbox and signs in again with it. Says how the user got in.
 */
export async function signInWithStepUp(t: TestApp, b: Browser, email: string, password: string) {
  const before = (await mailsTo(t, email)).length;
  const first = await retryBusy(
    () => b.login(email, password),
    (r) => r.status === 503,
  );
  if (first.status !== 401 || first.body.code !== 'LOGIN_CODE_REQUIRED') return { how: 'direct' as const, first, answer: first };
  const code = await nthCode(t, email, before + 1);
  return {
    how: 'code' as const,
    first,
    answer: await retryBusy(
      () => b.login(email, password, code),
      (r) => r.status === 503,
    ),
  };
}
