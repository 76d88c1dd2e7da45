import { randomUUID } from 'node:crypto';
import { NO_NUL_MESSAGE } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { appErrorForDatabase } from '@/errors';
import { insertChat } from './conv-helper';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createVerifiedUser(t);
});
afterAll(async () => {
  await t.close();
});

const send = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${t.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code?: string; detail?: string; fields?: Record<string, string> } };
};

const newChat = (user: TestUser, title = 'Dharma') =>
  insertChat(t.db, { userId: user.id, title, question: 'What is dharma?', answer: 'Dharma is…' });

describe('chat fields the database cannot hold answer 400, not 500', () => {
  for (const [label, body] of [
    ['title', { title: 'Dhar\u0000ma' }],
    ['continue-with model id', { continueWith: 'gpt\u0000' }],
  ] as const) {
    it(`PATCH /chats/:id with a NUL in its ${label}: 400 "${NO_NUL_MESSAGE}"`, async () => {
      const id = await newChat(owner);
      const res = await send(owner, 'PATCH', `/chats/${id}`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(NO_NUL_MESSAGE);
    });
  }

  it('PATCH /chats/:id with an active leaf that is not a message of the chat: 4xx', async () => {
    const id = await newChat(owner);
    const res = await send(owner, 'PATCH', `/chats/${id}`, { activeLeafId: randomUUID() });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('GET /chats with a 50,000-character search or a NUL in it: 4xx or an empty page, never 5xx', async () => {
    for (const q of ['x'.repeat(50_000), 'a\u0000b', "'); drop table chats; --", '!!&&||::*']) {
      const res = await send(owner, 'GET', `/chats?q=${encodeURIComponent(q)}`);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('an access token that outlived its account', () => {
  it('every chat route with a deleted user’s still-valid token answers 4xx (or an empty list), never 500', async () => {
    const ghost = await createVerifiedUser(t);
    const id = await newChat(ghost);
    await t.db.delete(users).where(eq(users.id, ghost.id));
    for (const [method, path, body] of [
      ['GET', '/chats', undefined],
      ['GET', `/chats/${id}`, undefined],
      ['PATCH', `/chats/${id}`, { title: 'x' }],
      ['DELETE', `/chats/${id}`, undefined],
      ['POST', `/chats/${id}/share`, undefined],
    ] as const) {
      const res = await send(ghost, method, path, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (method !== 'GET' || path !== '/chats') expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('the error handler’s safety net for database errors', () => {
  const wrapped = (code: string) =>
    Object.assign(new Error('Failed query: insert … params: secret'), { cause: Object.assign(new Error('db'), { code }) });
  it('maps bad data to 400, a missing referenced row to 404, a duplicate to 409, anything else to nothing', () => {
    expect(appErrorForDatabase(wrapped('22021'))?.status).toBe(400);
    expect(appErrorForDatabase(wrapped('22008'))?.status).toBe(400);
    expect(appErrorForDatabase(wrapped('23503'))?.code).toBe('NOT_FOUND');
    expect(appErrorForDatabase(wrapped('23505'))?.code).toBe('CONFLICT');
    expect(appErrorForDatabase(wrapped('57P01'))).toBeUndefined();
    expect(appErrorForDatabase(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeUndefined();
    expect(appErrorForDatabase(new Error('plain'))).toBeUndefined();
  });
});
