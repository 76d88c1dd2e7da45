import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/db/schema';
import { failOrphanedAnswers, INTERRUPTED_DETAIL } from '@/modules/chats/orphaned-answers';
import { insertChat } from './conv-helper';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

/** Issue 13: an answer a crashed server left `streaming` is marked failed once older than the request cap. */
let t: TestApp;
let user: TestUser;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await startTestApp();
  user = await createVerifiedUser(t);
});
afterAll(async () => t.close());

async function streamingChat(ageMs: number) {
  const chatId = await insertChat(t.db, { userId: user.id, title: 'Crash', question: 'Q?', answer: '', at: Date.now() - ageMs });
  const rows = await t.db.select().from(messages).where(eq(messages.conversationId, chatId));
  const assistant = rows.find((m) => m.role === 'assistant');
  if (!assistant) throw new Error('fixture');
  await t.db
    .update(messages)
    .set({
      status: 'streaming',
      answers: [
        { modelId: 'alpha', name: 'Alpha', status: 'streaming', text: '', tokens: null, durationMs: null, error: null, isInFusion: false },
      ],
    })
    .where(eq(messages.id, assistant.id));
  return { chatId, id: assistant.id };
}

describe('answers left unfinished by a crash', () => {
  it('marks only rows older than the cap failed, with a reason on each unfinished model; a live one is untouched', async () => {
    const old = await streamingChat(10 * 60_000);
    const live = await streamingChat(5_000);
    const count = await failOrphanedAnswers(t.db, { now: Date.now(), afterMs: 360_000, log });
    expect(count).toBe(1);
    const [o] = await t.db.select().from(messages).where(eq(messages.id, old.id));
    expect(o?.status).toBe('failed');
    expect(o?.answers).toEqual([
      expect.objectContaining({ status: 'failed', error: { code: 'MODEL_FAILED', detail: INTERRUPTED_DETAIL } }),
    ]);
    const [l] = await t.db.select().from(messages).where(eq(messages.id, live.id));
    expect(l?.status).toBe('streaming');

    // The chat API shows it failed; its stream ends at once instead of waiting.
    const res = await fetch(`${t.baseUrl}/api/v1/chats/${old.chatId}`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    const detail = (await res.json()) as { messages: Array<{ id: string; status: string }> };
    expect(detail.messages.find((m) => m.id === old.id)?.status).toBe('failed');
    expect(await failOrphanedAnswers(t.db, { now: Date.now(), afterMs: 360_000, log })).toBe(0);
  });

  // A second instance on the same database needs PostgreSQL (PGlite is one process's).
  it.skipIf(!process.env.TEST_DATABASE_URL)('another instance starting on the database sweeps at once', async () => {
    const old = await streamingChat(20 * 60_000);
    const second = await startTestApp({}, { database: t.config.DATABASE_URL });
    try {
      await expect
        .poll(async () => (await t.db.select().from(messages).where(eq(messages.id, old.id)))[0]?.status, { timeout: 10_000 })
        .toBe('failed');
    } finally {
      await second.close();
    }
  });
});
