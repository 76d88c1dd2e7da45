import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { readLatestCode } from './outbox';

export type E2EUser = { email: string; password: string; name: string; username: string };

export function newUser(): E2EUser {
  const tag = randomUUID().replaceAll('-', '').slice(0, 10);
  return { email: `e2e${tag}@example.com`, password: 'Str0ng!pass', name: 'Priya Nair', username: `p${tag}` };
}

/** Signs up and verifies a user through the API and the outbox. */
export async function createUser(request: APIRequestContext, user: E2EUser = newUser()): Promise<E2EUser> {
  const signup = await request.post('/api/v1/signup', { data: user });
  expect(signup.status()).toBe(201);
  const code = await readLatestCode(user.email);
  const verify = await request.post('/api/v1/signup/otp_verify', { data: { email: user.email, code } });
  expect(verify.status()).toBe(200);
  return user;
}

/** Signs in through the real /login screen and waits for /chat. */
export async function signIn(page: Page, user: E2EUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/chat/);
}
