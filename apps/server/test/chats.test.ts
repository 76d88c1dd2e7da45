import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertChat } from './conv-helper';
import type { TestApp } from './helper';
import { type TestUser, useAppWithTwoUsers } from './users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
useAppWithTwoUsers((app, a, b) => {
  [t, owner, other] = [app, a, b];
});

const send = (user: TestUser, method: string, path: string, body?: unknown) =>
  fetch(`${t.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const chat = (user: TestUser, title = 'Sangam Chat - 22 Nov 2026') =>
  insertChat(t.db, { userId: user.id, title, question: 'What is dharma?', answer: 'Dharma is…' });

describe('chats', () => {
  it('lists, reads, renames and deletes the owner’s chat', async () => {
    const id = await chat(owner);
    const list = (await (await send(owner, 'GET', '/chats')).json()) as { chats: Array<{ id: string; title: string }> };
    expect(list.chats.map((c) => c.id)).toContain(id);
    const one = (await (await send(owner, 'GET', `/chats/${id}`)).json()) as { messages: Array<{ role: string; content: string }> };
    expect(one.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect((await send(owner, 'PATCH', `/chats/${id}`, { title: 'Dharma' })).status).toBe(200);
    expect((await send(owner, 'DELETE', `/chats/${id}`)).status).toBe(200);
    expect((await send(owner, 'GET', `/chats/${id}`)).status).toBe(404);
  });

  it('another user can neither read, rename nor delete it: always 404 CHAT_NOT_FOUND', async () => {
    const id = await chat(owner);
    for (const [method, body] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE']] as const) {
      const res = await send(other, method, `/chats/${id}`, body);
      expect(res.status, method).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('CHAT_NOT_FOUND');
    }
    const still = (await (await send(owner, 'GET', `/chats/${id}`)).json()) as { chat: { title: string } };
    expect(still.chat.title).toBe('Sangam Chat - 22 Nov 2026');
    expect(((await (await send(other, 'GET', '/chats')).json()) as { chats: unknown[] }).chats).toEqual([]);
  });

  it('validates ids and bodies with 400 and requires a token', async () => {
    expect((await send(owner, 'GET', '/chats/not-a-uuid')).status).toBe(400);
    expect((await send(owner, 'PATCH', `/chats/${await chat(owner)}`, { title: '' })).status).toBe(400);
    expect((await fetch(`${t.baseUrl}/api/v1/chats`)).status).toBe(401);
  });
});

describe('chats under random input', () => {
  const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 80 }), fc.constantFrom('..', '%00', 'null', ' ', 'a'.repeat(300)));
  const body = fc.oneof(
    fc.anything(),
    fc.record(
      {
        title: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
        mode: fc.oneof(fc.constantFrom('sangam', 'universe'), fc.string()),
        originalPrompt: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
        createdAt: fc.oneof(fc.integer(), fc.double(), fc.string()),
        updatedAt: fc.oneof(fc.integer(), fc.double(), fc.string()),
        messages: fc.oneof(fc.array(fc.anything(), { maxLength: 5 }), fc.anything()),
      },
      { requiredKeys: [] },
    ),
  );
  it('PUT (gone), PATCH, GET and DELETE /chats/:id: 600 random ids and bodies never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PUT', 'PATCH', 'GET', 'DELETE'), id, body, async (method, chatId, b) => {
        let payload: string;
        try {
          payload = JSON.stringify(b) ?? 'null';
        } catch {
          payload = '{';
        }
        const res = await t.app.inject({
          method: method as 'PUT',
          url: `/api/v1/chats/${encodeURIComponent(chatId)}`,
          headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
          ...(method === 'PUT' || method === 'PATCH' ? { payload } : {}),
        });
        expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 160)}`).toBeLessThan(500);
      }),
      { numRuns: 600 },
    );
  }, 120_000);
});
