import { randomUUID } from 'node:crypto';
import type { MessageIdsEvent } from '@sangam/contracts';
import { readEvents, type SseEvent } from '@sangam/test-fakes/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convClient } from './conv-helper';
import { readStatus, startLocalModelTest, waitForStatus } from './local-model-helper';
import { createVerifiedUser } from './users';

// The tiny random-weight model through node-llama-cpp's prebuilt binary, answering over HTTP:
// counts, events and timings are asserted, never its (random) text.
let s: Awaited<ReturnType<typeof startLocalModelTest>>;
beforeAll(async () => {
  s = await startLocalModelTest({ LOCAL_MODEL_MAX_TOKENS: '200', LOCAL_MODEL_SEQUENCES: '2' });
}, 60_000);
afterAll(async () => s?.close());

const deltas = (events: SseEvent[]) => events.filter((e) => e.event === 'model-delta');
const idle = () => waitForStatus(s.t.baseUrl, (st) => st.local?.sequences?.busy === 0 && st.local.sequences.waiting === 0, 2000);

describe('the local model answers through the real server', () => {
  it('loads the generated GGUF through the prebuilt binary and says so in /readyz', async () => {
    const ready = (await (await fetch(`${s.t.baseUrl}/readyz`)).json()) as { models: { available: boolean; local: { state: string } } };
    expect(ready.models).toMatchObject({ available: true, local: { state: 'ready', sequences: { size: 2, busy: 0, waiting: 0 } } });
    const models = (await (await fetch(`${s.t.baseUrl}/ai/v1/models`, { headers: { 'x-api-key': 'sangam-web' } })).json()) as {
      models: Array<{ id: string }>;
    };
    expect(models.models.map((m) => m.id)).toEqual(['local']);
  });

  it('streams a Hindi question’s answer token by token as SSE', async () => {
    const c = convClient(s.engine);
    const started = Date.now();
    const times: number[] = [];
    const events = await readEvents(
      await c.ask({ Prompt: 'नमस्ते! भारत की राजधानी क्या है? 🙏', Chat_Id: randomUUID() }, { stream: true }),
      (e) => {
        if (e.event === 'model-delta') times.push(Date.now() - started);
        return false;
      },
    );
    expect(events.map((e) => e.event).filter((e) => e !== 'model-delta')).toEqual(['message-ids', 'model-start', 'model-end', 'final']);
    expect(deltas(events).length).toBeGreaterThan(5);
    // Streamed, not sent at the end: the first token came well before the last one.
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(0);
    const final = events.at(-1)?.data as { data: { cost: { calls: Array<{ modelId: string; outputTokens: number }> } } };
    expect(final.data.cost.calls[0]).toMatchObject({ modelId: 'local' });
    expect(final.data.cost.calls[0]?.outputTokens).toBeLessThanOrEqual(200);
    await idle();
  }, 30_000);

  it('the prompt refiner answers through the model (grammar-bound JSON)', async () => {
    const res = await convClient(s.engine).ask({ Prompt: 'हिंदी में एक कविता लिखो', Chat_Id: randomUUID() }, { endpoint: 'PromptRefiner' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { refined: string[]; ranking: number[] } };
    expect(body.data.refined.length).toBeGreaterThanOrEqual(1);
    expect(body.data.refined.length).toBeLessThanOrEqual(4);
    expect(body.data.ranking).toEqual(body.data.refined.map((_, i) => i + 1));
  }, 30_000);

  it.each([
    ['chanakya', 'CHA:,How should I choose friends?'],
    ['astrology', 'ASTR: 02 10 1869 Porbandar 07:12 AM\nWhat is my nature?'],
    ['calorie', 'CAL:,2 rotis and a bowl of dal'],
    ['recipe', 'REP: paneer curry'],
    ['scripture', 'BOOK_ID:gita\nWhat is dharma?'],
  ])(
    'the %s tool answers through the model',
    async (_tool, prompt) => {
      const res = await convClient(s.engine).ask({ Prompt: prompt, Chat_Id: randomUUID() });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { supporting_output: Record<string, string> } };
      expect(Object.keys(body.data.supporting_output)).toEqual(['Qwen2.5 0.5B Instruct (local)']);
    },
    30_000,
  );
});

describe('the context’s sequences', () => {
  const firstDelta = async (res: Response) => {
    let ids: MessageIdsEvent | undefined;
    await readEvents(res, (e) => {
      if (e.event === 'message-ids') ids = e.data as MessageIdsEvent;
      return e.event === 'model-delta';
    });
    return ids;
  };

  it('Stop frees the sequence at once', async () => {
    const c = convClient(s.engine);
    const chatId = randomUUID();
    const res = await c.ask({ Prompt: 'stop me', Chat_Id: chatId }, { stream: true });
    const reader = readEvents(res, () => false);
    let ids: MessageIdsEvent | undefined;
    for (let i = 0; i < 100 && !ids; i += 1) {
      const detail = await c.chat(chatId).catch(() => undefined);
      const last = detail?.messages?.at(-1);
      if (last?.role === 'assistant') ids = { assistantMessageId: last.id } as MessageIdsEvent;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect((await readStatus(s.t.baseUrl)).local?.sequences?.busy).toBe(1);
    const stoppedAt = Date.now();
    expect((await c.api('POST', `/chats/${chatId}/messages/${ids?.assistantMessageId}/stop`)).status).toBe(200);
    await idle();
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    const events = await reader;
    expect(events.at(-1)).toMatchObject({ event: 'final', data: { message: 'Answer stopped' } });
  }, 30_000);

  it('a closed connection frees the sequence at once', async () => {
    const res = await convClient(s.engine).ask({ Prompt: 'I will leave', Chat_Id: randomUUID() }, { stream: true });
    await firstDelta(res);
    const leftAt = Date.now();
    await idle();
    expect(Date.now() - leftAt).toBeLessThan(1000);
  }, 30_000);

  it('four users at once: two answer together, two wait in line and start in the order they came', async () => {
    const users = [s.user, ...(await Promise.all([1, 2, 3].map(() => createVerifiedUser(s.t))))];
    const c = convClient(s.engine);
    const firstAt: number[] = [];
    const runs: Array<Promise<SseEvent[]>> = [];
    let most = { busy: 0, waiting: 0 };
    for (const [i, user] of users.entries()) {
      const res = await c.ask({ Prompt: `user ${i + 1} asks`, Chat_Id: randomUUID() }, { user, stream: true });
      runs.push(
        readEvents(res, (e) => {
          if (e.event === 'model-delta' && firstAt[i] === undefined) firstAt[i] = Date.now();
          return false;
        }),
      );
      // Each request is in (running or in line) before the next is sent, so the order is known.
      const st = await waitForStatus(
        s.t.baseUrl,
        (x) => (x.local?.sequences?.busy ?? 0) + (x.local?.sequences?.waiting ?? 0) >= Math.min(i + 1, 4),
      );
      const seq = st.local?.sequences ?? { busy: 0, waiting: 0 };
      if (seq.waiting > most.waiting) most = { busy: seq.busy, waiting: seq.waiting };
      expect(seq.busy).toBeLessThanOrEqual(2);
    }
    expect(most).toEqual({ busy: 2, waiting: 2 });
    const all = await Promise.all(runs);
    for (const events of all) expect(events.at(-1), JSON.stringify(events.at(-1))).toMatchObject({ event: 'final' });
    // First come, first served: the third user's answer starts before the fourth's. The first two end
    // together, so the last two start within a few milliseconds; which stream this client reads first
    // then is its own order, not the server's (seen 1 ms apart on a loaded machine).
    expect(firstAt[2]).toBeLessThanOrEqual((firstAt[3] ?? 0) + 5);
    expect(Math.max(firstAt[0] ?? 0, firstAt[1] ?? 0)).toBeLessThan(firstAt[3] ?? 0);
    await idle();
  }, 60_000);
});
