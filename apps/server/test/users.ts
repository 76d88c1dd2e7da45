import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { readOutbox } from '@/lib/mailer/mailer';
import { startTestApp, type TestApp } from './helper';

export type TestUser = {
  email: string;
  password: string;
  name: string;
  username: string;
  accessToken: string;
  refreshToken: string;
  id: string;
};

/** Each test client looks like its own address, as real users do (the test app trusts X-Forwarded-For). */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export async function post(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { code?: string; detail?: string },
  };
}

export async function loginForm(t: TestApp, email: string, password: string, ip = randomIp()) {
  const res = await fetch(`${t.baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ username: email, password }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown> & { code?: string; detail?: string },
  };
}

/** The newest 6-digit code mailed to an address (the outbox of the test's DATA_DIR). */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Runs `action`, then waits for a new mail to the address and returns its code (mail is sent after the response). */
export async function codeAfter(t: TestApp, email: string, action: () => Promise<unknown>): Promise<string> {
  const count = async () => (await readOutbox(t.dataDir)).filter((m) => m.to === email).length;
  const before = await count();
  await action();
  for (let i = 0; i < 100; i += 1) {
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    const code = mails.length > before ? mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no new code mailed to ${email}`);
}

/** Signs up (password Str0ng!pass) and returns the code mailed to the address, without verifying it. */
export async function signUpForCode(t: TestApp, { name, username, email }: { name: string; username: string; email: string }) {
  await post(t, '/api/v1/signup', { name, username, email, password: 'Str0ng!pass' });
  return latestCode(t, email);
}

/** Signs up, verifies through the emailed code and signs in: a ready user with tokens. */
export async function createVerifiedUser(
  t: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'password' | 'name' | 'username'>> = {},
): Promise<TestUser> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 10);
  const user = { email: `user${tag}@example.com`, password: 'Str0ng!pass', name: 'Asha Rao', username: `u${tag}`, ...overrides };
  const signup = await post(t, '/api/v1/signup', user);
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const verify = await post(t, '/api/v1/signup/otp_verify', { email: user.email, code: await latestCode(t, user.email) });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  const login = await loginForm(t, user.email, user.password);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const u = login.body.user as { id: string };
  return { ...user, id: u.id, accessToken: String(login.body.access_token), refreshToken: String(login.body.refresh_token) };
}

/** One app on a fresh database and one verified user for a test file, closed after it. */
export function useAppWithUser(onReady: (app: TestApp, user: TestUser) => void | Promise<void>) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    await onReady(app, await createVerifiedUser(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** One app on a fresh database and two verified users (an owner and another) for a test file, closed after it. */
export function useAppWithTwoUsers(onReady: (app: TestApp, owner: TestUser, other: TestUser) => void) {
  useAppWithUser(async (app, owner) => onReady(app, owner, await createVerifiedUser(app)));
}

/** A multipart form with the fields given, in their order. */
export function formOf(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** POST /ai/v1/agent/GenerateAnswer as the web app does, signed in as `user`. */
export function generateAnswer(
  t: { baseUrl: string },
  user: { accessToken: string },
  body: FormData,
  headers: Record<string, string> = {},
) {
  return fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
    method: 'POST',
    headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}`, ...headers },
    body,
  });
}
