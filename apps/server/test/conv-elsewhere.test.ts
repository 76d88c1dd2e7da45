import { randomUUID } from 'node:crypto';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { readEvents } from '@sangam/test-fakes/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, writeModelsFile } from './helper';
import { createVerifiedUser, formOf, generateAnswer, type TestUser } from './users';

/**
 * Issue 13, "answers that outlive the tab" with several instances on one PostgreSQL database: a
 * second device whose request reaches another instance than the one generating the answer sees it
 * in progress (the stream stays open), then complete.
 */
const shared = process.env.TEST_DATABASE_URL;
let fake: FakeLlm;
let one: TestApp;
let two: TestApp;
let user: TestUser;

describe.skipIf(!shared)('an answer followed from another instance', () => {
  beforeAll(async () => {
    fake = await startFakeLlm();
    const file = writeModelsFile(fakeModelsFile(fake.url));
    const env = { MODELS_FILE: file, JWT_SECRET: 'x'.repeat(40) };
    one = await startTestApp(env);
    two = await startTestApp(env, { database: one.config.DATABASE_URL });
    user = await createVerifiedUser(one);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await fake?.close();
  });

  it('stays open while the first instance answers, then ends with the stored final answer', async () => {
    for (const m of ['alpha', 'beta', 'gamma']) fake.behave(m, { match: 'slow elsewhere', chunkDelayMs: 150, chunkSize: 4 });
    const chatId = randomUUID();
    const form = formOf({ Prompt: 'A slow elsewhere question', Chat_Id: chatId, Request_Id: `req_${randomUUID()}` });
    const asked = await generateAnswer(one, user, form, { accept: 'text/event-stream' });
    const first = await readEvents(asked, (e) => e.event === 'message-ids');
    const { assistantMessageId } = (first[0]?.data ?? {}) as { assistantMessageId: string };

    const startedAt = Date.now();
    const followed = await fetch(`${two.baseUrl}/api/v1/chats/${chatId}/messages/${assistantMessageId}/stream`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(followed.status).toBe(200);
    const events = await readEvents(followed);
    expect(Date.now() - startedAt).toBeGreaterThan(300);
    expect(events.some((e) => e.event === 'error')).toBe(false);
    const final = events.at(-1);
    expect(final?.event).toBe('final');
    const best = ((final?.data ?? { data: { best_output: '' } }) as { data: { best_output: string } }).data.best_output;
    expect(best.length).toBeGreaterThan(0);

    const detail = (await (
      await fetch(`${one.baseUrl}/api/v1/chats/${chatId}`, { headers: { authorization: `Bearer ${user.accessToken}` } })
    ).json()) as { messages: Array<{ id: string; content: string; status: string }> };
    const stored = detail.messages.find((m) => m.id === assistantMessageId);
    expect(stored?.status).toBe('done');
    expect(stored?.content).toBe(best);
  });

  it('Stop pressed on the other instance stops the answer where it runs, and keeps what was written', async () => {
    for (const m of ['alpha', 'beta', 'gamma']) fake.behave(m, { match: 'stop elsewhere', chunkDelayMs: 200, chunkSize: 2 });
    const chatId = randomUUID();
    const form = formOf({ Prompt: 'A long stop elsewhere question', Chat_Id: chatId, Request_Id: `req_${randomUUID()}` });
    const asked = await generateAnswer(one, user, form, { accept: 'text/event-stream' });
    // Wait for the first words, so that there is something to keep.
    const first = await readEvents(asked, (e) => e.event === 'model-delta');
    const { assistantMessageId } = (first[0]?.data ?? {}) as { assistantMessageId: string };
    const startedAt = Date.now();
    const stop = await fetch(`${two.baseUrl}/api/v1/chats/${chatId}/messages/${assistantMessageId}/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ messageId: assistantMessageId, status: 'stopped' });
    // Well before the slow models would have finished (a few hundred characters at 2 every 200 ms).
    expect(Date.now() - startedAt).toBeLessThan(8_000);
    const detail = (await (
      await fetch(`${two.baseUrl}/api/v1/chats/${chatId}`, { headers: { authorization: `Bearer ${user.accessToken}` } })
    ).json()) as { messages: Array<{ id: string; status: string; answers: Array<{ status: string; text: string }> }> };
    const stored = detail.messages.find((m) => m.id === assistantMessageId);
    expect(stored?.status).toBe('stopped');
    expect(stored?.answers.some((a) => a.status === 'stopped' && a.text.length > 0)).toBe(true);
    // Stop again: the answer is already stopped.
    const again = await fetch(`${two.baseUrl}/api/v1/chats/${chatId}/messages/${assistantMessageId}/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(again.status).toBe(200);
  });
});
