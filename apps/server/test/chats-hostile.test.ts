import { randomUUID } from 'node:crypto';
import { NO_NUL_MESSAGE } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { appErrorForDatabase } from '@/errors';
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

const chat = (overrides: Record<string, unknown> = {}, message: Record<string, unknown> = {}) => ({
  title: 'Dharma',
  mode: 'sangam',
  originalPrompt: 'What is dharma?',
  createdAt: Date.now(),
  updatedAt: Date.now(),
  messages: [{ role: 'user', content: 'What is dharma?', timestamp: Date.now(), ...message }],
  ...overrides,
});

describe('a chat with data the database cannot hold answers 400, not 500', () => {
  for (const [label, body, field] of [
    ['createdAt of 9007199254740991', chat({ createdAt: 9007199254740991 }), 'createdAt'],
    ['updatedAt of 8.64e15 (the last JavaScript date)', chat({ updatedAt: 8.64e15 }), 'updatedAt'],
    ['message timestamp of 9007199254740991', chat({}, { timestamp: 9007199254740991 }), 'messages.0.timestamp'],
  ] as const) {
    it(`PUT /chats/:id with a ${label}: 400 VALIDATION_FAILED naming the field`, async () => {
      const res = await send(owner, 'PUT', `/chats/${randomUUID()}`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    });
  }

  for (const [label, body, field] of [
    ['title', chat({ title: 'Dhar\u0000ma' }), 'title'],
    ['original prompt', chat({ originalPrompt: '\u0000' }), 'originalPrompt'],
    ['message', chat({}, { content: 'What is\u0000 dharma?' }), 'messages.0.content'],
    ['model id', chat({}, { role: 'assistant', modelId: 'gpt\u0000' }), 'messages.0.modelId'],
  ] as const) {
    it(`PUT /chats/:id with a NUL in its ${label}: 400 "${NO_NUL_MESSAGE}"`, async () => {
      const res = await send(owner, 'PUT', `/chats/${randomUUID()}`, body);
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(NO_NUL_MESSAGE);
    });
  }

  it(`PATCH /chats/:id with a NUL in the title: 400 "${NO_NUL_MESSAGE}"`, async () => {
    const id = randomUUID();
    expect((await send(owner, 'PUT', `/chats/${id}`, chat())).status).toBe(200);
    const res = await send(owner, 'PATCH', `/chats/${id}`, { title: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(NO_NUL_MESSAGE);
  });

  it('a chat dated in the year 9999 is still saved and read back', async () => {
    const id = randomUUID();
    const late = Date.UTC(9999, 11, 31);
    expect((await send(owner, 'PUT', `/chats/${id}`, chat({ createdAt: late, updatedAt: late }))).status).toBe(200);
    expect((await send(owner, 'GET', `/chats/${id}`)).status).toBe(200);
  });
});

describe('an access token that outlived its account', () => {
  it('PUT /chats/:id with a deleted user’s still-valid token answers 401 TOKEN_INVALID, not 500', async () => {
    const ghost = await createVerifiedUser(t);
    await t.db.delete(users).where(eq(users.id, ghost.id));
    const res = await send(ghost, 'PUT', `/chats/${randomUUID()}`, chat());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
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
