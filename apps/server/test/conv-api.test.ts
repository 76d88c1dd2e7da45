import { randomUUID } from 'node:crypto';
import type { ChatDetail, ChatListResponse, ChatSummary, SharedChat, ShareResponse } from '@sangam/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertChat } from './conv-helper';
import type { TestApp } from './helper';
import { createVerifiedUser, type TestUser, useAppWithTwoUsers } from './users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
useAppWithTwoUsers((app, a, b) => {
  [t, owner, other] = [app, a, b];
});

const send = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
  fetch(`${t.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

let clock = Date.now() - 1_000_000;
/** A chat with one question and answer, each newer than the last. */
async function makeChat(user: TestUser, title: string, question: string, answer: string) {
  clock += 1000;
  return insertChat(t.db, { userId: user.id, title, question, answer, at: clock });
}

describe('conversation list: paging and full-text search', () => {
  it('pages newest first with a cursor, and searches titles and messages by word prefixes', async () => {
    const user = await createVerifiedUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await makeChat(user, `Plain chat ${i}`, `Question number ${i}`, `Answer number ${i}`));
    const rocket = await makeChat(user, 'Space', 'How do rockets reach orbit?', 'Rockets burn fuel to climb, then go sideways fast.');
    const title = await makeChat(user, 'Dharma and karma', 'What is it?', 'A long answer.');
    const first = await json<ChatListResponse>(send(user, 'GET', '/chats?limit=3'));
    expect(first.chats.map((c) => c.id)).toEqual([title, rocket, ids[4]]);
    expect(first.chats.map((c) => c.preview)).toEqual(['What is it?', 'How do rockets reach orbit?', 'Question number 4']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json<ChatListResponse>(send(user, 'GET', `/chats?limit=3&cursor=${first.nextCursor}`));
    expect(second.chats.map((c) => c.id)).toEqual([ids[3], ids[2], ids[1]]);
    const third = await json<ChatListResponse>(send(user, 'GET', `/chats?limit=3&cursor=${second.nextCursor}`));
    expect(third).toEqual({ chats: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const found = await json<ChatListResponse>(send(user, 'GET', '/chats?q=rocket%20orb'));
    expect(found.chats.map((c) => c.id)).toEqual([rocket]);
    expect(found.chats[0]?.snippet, JSON.stringify(found)).toMatch(/rockets reach orbit/i);
    expect((await json<ChatListResponse>(send(user, 'GET', '/chats?q=KARMA'))).chats.map((c) => c.id)).toEqual([title]);
    expect((await json<ChatListResponse>(send(user, 'GET', '/chats?q=number%203'))).chats.map((c) => c.id)).toEqual([ids[3]]);
    expect((await json<ChatListResponse>(send(user, 'GET', '/chats?q=zebra'))).chats).toEqual([]);
    // Query syntax is never interpreted: only the words count.
    expect(
      (await json<ChatListResponse>(send(user, 'GET', `/chats?q=${encodeURIComponent("rocket' & !|:* (")}`))).chats.map((c) => c.id),
    ).toEqual([rocket]);
    expect((await json<ChatListResponse>(send(user, 'GET', '/chats?q=%21%21%21'))).chats).toEqual([]);
    // Another user's chats never appear, searched or not.
    expect((await json<ChatListResponse>(send(other, 'GET', '/chats?q=rocket'))).chats).toEqual([]);
  });

  it('refuses bad paging and search input with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor', `q=${'a'.repeat(201)}`, 'q=a%00b']) {
      const res = await send(owner, 'GET', `/chats?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('one chat: get, rename, delete, export, share', () => {
  it('gets a chat with its messages as a tree on the active path', async () => {
    const id = await makeChat(owner, 'Tree', 'Q', 'A');
    const detail = await json<ChatDetail>(send(owner, 'GET', `/chats/${id}`));
    const [q, a] = detail.messages;
    expect(detail.chat).toMatchObject({ id, title: 'Tree', mode: 'sangam', continueWith: null, shareId: null });
    expect(q).toMatchObject({ role: 'user', parentId: null, status: 'done', answers: [] });
    expect(a).toMatchObject({ role: 'assistant', parentId: q?.id });
    expect(detail.activeLeafId).toBe(a?.id);
  });

  it('renames (PATCH answers the summary), refusing empty, long and NUL titles and unknown fields', async () => {
    const id = await makeChat(owner, 'Old', 'Q', 'A');
    const renamed = await json<ChatSummary>(send(owner, 'PATCH', `/chats/${id}`, { title: '  New name  ' }));
    expect(renamed).toMatchObject({ id, title: 'New name', preview: 'Q' });
    for (const body of [{ title: '' }, { title: 'x'.repeat(201) }, { title: 'a\u0000b' }, { colour: 'red' }, { continueWith: 42 }]) {
      expect((await send(owner, 'PATCH', `/chats/${id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    // No models are configured in this app: continuing with any model is refused.
    expect((await send(owner, 'PATCH', `/chats/${id}`, { continueWith: 'alpha' })).status).toBe(400);
  });

  it('exports Markdown and JSON as downloads', async () => {
    const id = await makeChat(owner, 'Export me', 'What is yoga?', 'Union.');
    const md = await send(owner, 'GET', `/chats/${id}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toContain('text/markdown');
    expect(md.headers.get('content-disposition')).toBe('attachment; filename="Export-me.md"');
    expect(await md.text()).toMatch(/^# Export me\n[\s\S]*## Question\n\nWhat is yoga\?\n\n## Answer\n\nUnion\.\n$/);
    const js = await send(owner, 'GET', `/chats/${id}/export?format=json`);
    expect(js.headers.get('content-disposition')).toBe('attachment; filename="Export-me.json"');
    const body = (await js.json()) as ChatDetail & { exportedAt: string };
    expect(body.chat.title).toBe('Export me');
    expect(body.messages.map((m) => m.content)).toEqual(['What is yoga?', 'Union.']);
    expect((await send(owner, 'GET', `/chats/${id}/export?format=pdf`)).status).toBe(400);
  });

  it('shares a snapshot under an unguessable id, readable signed out, without account data, until revoked', async () => {
    const id = await makeChat(owner, 'Shared wisdom', 'What is truth?', 'Satya.');
    const share = await json<ShareResponse>(send(owner, 'POST', `/chats/${id}/share`));
    expect(share.shareId).toMatch(/^[\w-]{22}$/);
    expect(share.url).toMatch(new RegExp(`/share/${share.shareId}$`));
    // Sharing again keeps the link.
    expect((await json<ShareResponse>(send(owner, 'POST', `/chats/${id}/share`))).shareId).toBe(share.shareId);
    expect((await json<ChatDetail>(send(owner, 'GET', `/chats/${id}`))).chat.shareId).toBe(share.shareId);
    const pub = await send(undefined, 'GET', `/shared/${share.shareId}`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('x-robots-tag')).toContain('noindex');
    const body = (await pub.json()) as SharedChat;
    expect(body).toMatchObject({ title: 'Shared wisdom', mode: 'sangam', sharedAt: expect.any(String) });
    expect(body.messages.map((m) => m.content)).toEqual(['What is truth?', 'Satya.']);
    const raw = JSON.stringify(body);
    for (const secret of [owner.id, owner.email, owner.username]) expect(raw).not.toContain(secret);
    // The snapshot does not change when the chat does.
    await send(owner, 'PATCH', `/chats/${id}`, { title: 'Renamed later' });
    expect((await json<SharedChat>(send(undefined, 'GET', `/shared/${share.shareId}`))).title).toBe('Shared wisdom');
    // Only the owner revokes.
    expect((await send(other, 'DELETE', `/chats/${id}/share`)).status).toBe(404);
    expect((await send(owner, 'DELETE', `/chats/${id}/share`)).status).toBe(200);
    const gone = await send(undefined, 'GET', `/shared/${share.shareId}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { code: string }).code).toBe('SHARE_NOT_FOUND');
    for (const bad of ['x'.repeat(65), 'a%00b', '..%2F..'])
      expect((await send(undefined, 'GET', `/shared/${bad}`)).status).toBeLessThan(500);
  });

  it('the whole-chat PUT of the old web is gone', async () => {
    const id = await makeChat(owner, 'Kept', 'Q', 'A');
    expect(
      (await send(owner, 'PUT', `/chats/${id}`, { title: 'x', mode: 'sangam', createdAt: 1, updatedAt: 1, messages: [] })).status,
    ).toBe(404);
    expect((await json<ChatDetail>(send(owner, 'GET', `/chats/${id}`))).messages).toHaveLength(2);
  });

  it('deletes a chat, then it is gone', async () => {
    const id = await makeChat(owner, 'Bye', 'Q', 'A');
    expect(await json(send(owner, 'DELETE', `/chats/${id}`))).toEqual({ chatId: id });
    expect((await send(owner, 'GET', `/chats/${id}`)).status).toBe(404);
    expect((await send(owner, 'DELETE', `/chats/${id}`)).status).toBe(404);
  });
});

describe('ownership', () => {
  it('every conversation route answers 404 for another user’s chat and 401 without a token', async () => {
    const id = await makeChat(owner, 'Private', 'secret question', 'secret answer');
    const detail = await json<ChatDetail>(send(owner, 'GET', `/chats/${id}`));
    const answer = detail.messages[1]?.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/chats/${id}`],
      ['PATCH', `/chats/${id}`, { title: 'stolen' }],
      ['DELETE', `/chats/${id}`],
      ['GET', `/chats/${id}/export?format=json`],
      ['POST', `/chats/${id}/share`],
      ['DELETE', `/chats/${id}/share`],
      ['POST', `/chats/${id}/messages/${answer}/stop`],
      ['GET', `/chats/${id}/messages/${answer}/stream`],
    ];
    for (const [method, path, body] of routes) {
      const res = await send(other, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('CHAT_NOT_FOUND');
      expect((await send(undefined, method, path, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    const still = await json<ChatDetail>(send(owner, 'GET', `/chats/${id}`));
    expect(still.chat).toMatchObject({ title: 'Private', shareId: null });
    expect(still.messages).toHaveLength(2);
  });

  it('a message of another chat (or a question) is 404 MESSAGE_NOT_FOUND; a finished answer is not running', async () => {
    const a = await makeChat(owner, 'A', 'qa', 'aa');
    const b = await makeChat(owner, 'B', 'qb', 'ab');
    const [qb, ab] = (await json<ChatDetail>(send(owner, 'GET', `/chats/${b}`))).messages;
    for (const m of [ab?.id, qb?.id, randomUUID()]) {
      const res = await send(owner, 'POST', `/chats/${a}/messages/${m}/stop`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('MESSAGE_NOT_FOUND');
    }
    expect((await send(owner, 'POST', `/chats/${b}/messages/${ab?.id}/stop`)).status).toBe(409);
    expect((await send(owner, 'POST', `/chats/${b}/messages/not-a-uuid/stop`)).status).toBe(400);
    // A stored answer replays as a stream and ends.
    const res = await send(owner, 'GET', `/chats/${b}/messages/${ab?.id}/stream`);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text).toMatch(/^id: 0\nevent: message-ids\n/);
    expect(text).toContain('event: final');
  });
});

describe('conversation routes under random input', () => {
  it('list, share, stop and stream: 400 random queries and ids never get a 5xx', async () => {
    const id = await makeChat(owner, 'Fuzz', 'fuzz question', 'fuzz answer');
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ maxLength: 30, unit: 'grapheme' }),
      fc.constantFrom('%00', "'", '&|!', ':*', '\\', 'a'.repeat(300)),
    );
    const num = fc.oneof(fc.integer(), fc.double(), fc.constantFrom('NaN', '-1', '1e9', ''));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('list', 'stream', 'stop', 'shared', 'export'), text, num, text, async (kind, q, n, other) => {
        const url =
          kind === 'list'
            ? `/api/v1/chats?q=${encodeURIComponent(q)}&limit=${encodeURIComponent(String(n))}&cursor=${encodeURIComponent(other)}`
            : kind === 'stream'
              ? `/api/v1/chats/${id}/messages/${encodeURIComponent(q)}/stream?after=${encodeURIComponent(String(n))}`
              : kind === 'stop'
                ? `/api/v1/chats/${encodeURIComponent(other)}/messages/${encodeURIComponent(q)}/stop`
                : kind === 'shared'
                  ? `/api/v1/shared/${encodeURIComponent(q)}`
                  : `/api/v1/chats/${id}/export?format=${encodeURIComponent(q)}`;
        const res = await t.app.inject({
          method: kind === 'stop' ? 'POST' : 'GET',
          url,
          headers: { authorization: `Bearer ${owner.accessToken}` },
        });
        expect(res.statusCode, `${url} ${res.statusCode} ${res.body.slice(0, 160)}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
