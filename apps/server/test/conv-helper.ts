import { randomUUID } from 'node:crypto';
import type { ChatDetail } from '@sangam/contracts';
import type { Db } from '@/db/client';
import { conversations, messages } from '@/db/schema';
import type { EngineTest } from './engine-helper';
import type { TestUser } from './users';

/** Helpers over one engine test: ask in a chat, read a chat, call the conversation API. */
export function convClient(e: EngineTest) {
  const headers = (user: TestUser, extra: Record<string, string> = {}) => ({
    'x-api-key': 'sangam-web',
    authorization: `Bearer ${user.accessToken}`,
    ...extra,
  });
  const ask = (
    fields: Record<string, string>,
    { user = e.user, stream = false, endpoint = 'GenerateAnswer' }: { user?: TestUser; stream?: boolean; endpoint?: string } = {},
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ Request_Id: `req_${randomUUID()}`, ...fields })) form.append(k, v);
    return fetch(`${e.t.baseUrl}/ai/v1/agent/${endpoint}`, {
      method: 'POST',
      headers: headers(user, stream ? { accept: 'text/event-stream' } : {}),
      body: form,
    });
  };
  const api = (method: string, path: string, { user = e.user, body }: { user?: TestUser; body?: unknown } = {}) =>
    fetch(`${e.t.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${user.accessToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const chat = async (chatId: string, user = e.user) => (await (await api('GET', `/chats/${chatId}`, { user })).json()) as ChatDetail;
  return { ask, api, chat, headers };
}

/** A stored chat of one question and answer (the web no longer PUTs whole chats: fixtures go to the database). */
export async function insertChat(
  db: Db,
  { userId, title, question, answer, at = Date.now() }: { userId: string; title: string; question: string; answer: string; at?: number },
) {
  const id = randomUUID();
  const [q, a] = [randomUUID(), randomUUID()];
  await db
    .insert(conversations)
    .values({ id, userId, title, mode: 'sangam', createdAt: new Date(at), updatedAt: new Date(at), activeLeafId: a });
  await db.insert(messages).values([
    { id: q, conversationId: id, role: 'user', content: question, createdAt: new Date(at) },
    { id: a, conversationId: id, parentId: q, role: 'assistant', content: answer, createdAt: new Date(at + 1) },
  ]);
  return id;
}
