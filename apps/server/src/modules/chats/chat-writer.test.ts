import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Database, runRaw } from '@/db/client';
import { conversations, messages } from '@/db/schema';
import { createChatWriter, DuplicateRequest } from '@/modules/chats/chat-writer';
import { insertUser, useMemoryDatabasePerTest } from '../../../test/memory-database';

const errors: unknown[] = [];
const log = { error: (o: unknown) => errors.push(o) } as unknown as Parameters<typeof createChatWriter>[0]['log'];
let database: Database;
useMemoryDatabasePerTest((opened) => {
  database = opened;
});
beforeEach(() => {
  errors.length = 0;
});

/** Counts the statements sent to the database (its driver's client, under drizzle or not) while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  let count = 0;
  client.query = (...args) => {
    count += 1;
    return query.apply(client, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return count;
}

const ask = (userId: string, chatId = randomUUID(), requestId = randomUUID()) => ({
  userId,
  chatId,
  requestId,
  mode: 'sangam',
  question: 'नमस்தே 🙏 what is dharma?',
  parentId: null,
  isNew: true,
});

describe('chat writer', () => {
  it('stores the questions and finishes the answers of one turn of the event loop in one statement', async () => {
    const u = await insertUser(database.db, 'writer');
    const writer = createChatWriter({ db: database.db, log });
    const asked = Array.from({ length: 20 }, () => ask(u.id));
    let ids: Awaited<ReturnType<typeof writer.storeQuestion>>[] = [];
    expect(await statementsDuring(async () => (ids = await Promise.all(asked.map((q) => writer.storeQuestion(q)))))).toBe(1);
    const finished = ids.map((i) => ({
      chatId: i.chatId,
      id: i.assistantMessageId,
      content: `answer ${i.chatId}`,
      status: 'done' as const,
      answers: [],
      facts: undefined,
    }));
    expect(await statementsDuring(() => Promise.all(finished.map((f) => writer.finishAnswer(f))))).toBe(1);
    const chats = await database.db.select().from(conversations).where(eq(conversations.userId, u.id));
    expect(chats).toHaveLength(20);
    for (const chat of chats) {
      const rows = await database.db.select().from(messages).where(eq(messages.conversationId, chat.id));
      const answer = rows.find((m) => m.role === 'assistant');
      expect(rows.find((m) => m.role === 'user')?.content).toBe('नमस்தே 🙏 what is dharma?');
      expect(answer).toMatchObject({ content: `answer ${chat.id}`, status: 'done' });
      expect(chat.activeLeafId).toBe(answer?.id);
      expect(chat.title).toMatch(/^Sangam Chat - /);
    }
  });

  it('fails only its own item: a Request_Id stored twice, another user’s chat id, text PostgreSQL refuses', async () => {
    const owner = await insertUser(database.db, 'owner');
    const stranger = await insertUser(database.db, 'stranger');
    const writer = createChatWriter({ db: database.db, log });
    const first = ask(owner.id);
    await writer.storeQuestion(first);
    const results = await Promise.allSettled([
      writer.storeQuestion({ ...first, isNew: false }),
      writer.storeQuestion({ ...ask(stranger.id, first.chatId) }),
      writer.storeQuestion({ ...ask(owner.id), question: 'lone \ud800 surrogate and NUL \0 byte' }),
      writer.storeQuestion(ask(owner.id)),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: expect.any(DuplicateRequest) });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'CHAT_NOT_FOUND' } });
    expect(results[2].status).toBe('fulfilled');
    expect(results[3].status).toBe('fulfilled');
    const stored = await database.db.select().from(messages).where(eq(messages.content, 'lone \ufffd surrogate and NUL \ufffd byte'));
    expect(stored).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('regenerating stores only the new answer, hung under the same question, as the active leaf', async () => {
    const u = await insertUser(database.db, 'regen');
    const writer = createChatWriter({ db: database.db, log });
    const q = ask(u.id);
    const first = await writer.storeQuestion(q);
    const again = await writer.storeQuestion({ ...q, requestId: randomUUID(), isNew: false, questionId: first.userMessageId });
    expect(again.userMessageId).toBe(first.userMessageId);
    const rows = await database.db.select().from(messages).where(eq(messages.conversationId, q.chatId));
    expect(rows.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(rows.filter((m) => m.parentId === first.userMessageId)).toHaveLength(2);
    const [chat] = await database.db.select().from(conversations).where(eq(conversations.id, q.chatId));
    expect(chat?.activeLeafId).toBe(again.assistantMessageId);
  });
  it('finishes answers by their keys: neither table is read whole, however many chats it holds (migration 0018)', async () => {
    const u = await insertUser(database.db, 'many');
    await database.db.execute(sql`insert into conversations (id, user_id, title, mode, original_prompt, created_at, updated_at)
      select gen_random_uuid(), ${u.id}, 't', 'sangam', 'p', now(), now() from generate_series(1, 3000)`);
    await database.db.execute(sql`insert into messages (id, conversation_id, role, content, mode, status, request_id, created_at)
      select gen_random_uuid(), c.id, r, '', 'sangam', 'streaming', 'req-' || c.id, now() from conversations c, (values ('user'), ('assistant')) v(r)`);
    await database.db.execute(sql`analyze conversations, messages`);
    const [target] = await database.db.select().from(messages).where(eq(messages.role, 'assistant')).limit(1);
    if (!target) throw new Error('no message');
    const seqScans = async () => {
      await runRaw(database.db, 'select pg_stat_force_next_flush()', []);
      const { rows } = await runRaw<{ n: string }>(
        database.db,
        `select coalesce(sum(seq_scan), 0) as n from pg_stat_user_tables where relname in ('messages', 'conversations')`,
        [],
      );
      return Number(rows[0]?.n);
    };
    const writer = createChatWriter({ db: database.db, log });
    // The function's plans are kept after a few calls: the last ones are what every later answer runs.
    for (let i = 0; i < 6; i += 1)
      await writer.finishAnswer({
        chatId: target.conversationId,
        id: target.id,
        content: `done ${i}`,
        status: 'done',
        answers: [],
        facts: undefined,
      });
    const before = await seqScans();
    await writer.finishAnswer({
      chatId: target.conversationId,
      id: target.id,
      content: 'done',
      status: 'done',
      answers: [],
      facts: undefined,
    });
    expect(await seqScans()).toBe(before);
    const [finished] = await database.db.select().from(messages).where(eq(messages.id, target.id));
    expect(finished).toMatchObject({ content: 'done', status: 'done' });
  });
});
