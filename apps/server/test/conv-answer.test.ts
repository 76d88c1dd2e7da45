import { randomUUID } from 'node:crypto';
import type { AnswerResponse, ChatMessage, MessageIdsEvent } from '@sangam/contracts';
import { readEvents } from '@sangam/test-fakes/sse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { convClient } from './conv-helper';
import { type EngineTest, startEngineTest } from './engine-helper';
import { createVerifiedUser, type TestUser } from './users';

let e: EngineTest;
let c: ReturnType<typeof convClient>;
let other: TestUser;
beforeAll(async () => {
  e = await startEngineTest({ timeoutMs: 10_000 });
  c = convClient(e);
  other = await createVerifiedUser(e.t);
});
afterAll(async () => {
  await e.close();
});
beforeEach(() => e.fake.reset());

const proposers = ['alpha', 'beta', 'gamma'];
const asked = (model: string, text: string) =>
  e.fake.requests.filter((r) => r.model === model && JSON.stringify(r.messages).includes(text));
const slow = (match: string, delay = 40, chunkSize = 6) => {
  for (const m of proposers) e.fake.behave(m, { reply: 'slow words '.repeat(60), chunkSize, chunkDelayMs: delay, match });
};
type Final = AnswerResponse & { ids: MessageIdsEvent };

describe('answers in a chat are stored by the server', () => {
  it('a fresh chat id creates the chat; the question is stored before the models run, the answer with every model’s answer after', async () => {
    const chatId = randomUUID();
    slow('store-order', 25, 22);
    const res = await c.ask({ Prompt: 'store-order: what is dharma?', Chat_Id: chatId, Mode: 'universe' }, { stream: true });
    expect(res.status).toBe(200);
    let during: ChatMessage[] = [];
    const events = await readEvents(res, (ev) => {
      if (ev.event === 'model-delta' && during.length === 0) void c.chat(chatId).then((d) => (during = d.messages));
      return false;
    });
    expect(events[0]).toMatchObject({ id: 0, event: 'message-ids', data: { chatId } });
    expect(events.every((ev, i) => ev.id === i)).toBe(true);
    await expect.poll(() => during.length).toBe(2);
    expect(during.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'streaming'],
    ]);
    const final = events.at(-1);
    expect(final?.event).toBe('final');
    const ids = (events[0]?.data as MessageIdsEvent) ?? {};
    const detail = await c.chat(chatId);
    expect(detail.chat).toMatchObject({ id: chatId, mode: 'universe', continueWith: null, shareId: null });
    expect(detail.chat.title).toMatch(/^Universe Chat - \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(detail.activeLeafId).toBe(ids.assistantMessageId);
    const [user, answer] = detail.messages;
    expect(user).toMatchObject({
      id: ids.userMessageId,
      role: 'user',
      content: 'store-order: what is dharma?',
      parentId: null,
      answers: [],
    });
    expect(answer).toMatchObject({ id: ids.assistantMessageId, role: 'assistant', status: 'done', parentId: ids.userMessageId });
    expect(answer?.content).toBe((final as { data: Final }).data.data.best_output);
    expect(answer?.answers.map((a) => [a.modelId, a.status, a.isInFusion])).toEqual([
      ['alpha', 'done', true],
      ['beta', 'done', true],
      ['gamma', 'done', true],
    ]);
    for (const a of answer?.answers ?? []) {
      expect(a.text).toBe('slow words '.repeat(60));
      expect(a.tokens).toBeGreaterThan(0);
      expect(a.durationMs).toBeGreaterThan(0);
    }
  });

  it('a follow-up reads the history from the database (no History field) and stores the refined prompt used', async () => {
    const chatId = randomUUID();
    const first = (await (await c.ask({ Prompt: 'My name is Arjun.', Chat_Id: chatId })).json()) as Final;
    expect(first.ids).toMatchObject({ chatId });
    const second = await c.ask({
      Prompt: 'Tell me clearly what my name is',
      Original_Prompt: 'what is my name?',
      Chat_Id: chatId,
    });
    expect(second.status).toBe(200);
    const alpha = asked('alpha', 'Tell me clearly what my name is')[0];
    expect(alpha?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.stringify(alpha?.messages)).toContain('My name is Arjun.');
    expect(JSON.stringify(alpha?.messages)).toContain(first.data.best_output);
    const detail = await c.chat(chatId);
    expect(detail.messages).toHaveLength(4);
    expect(detail.messages[2]).toMatchObject({
      role: 'user',
      content: 'what is my name?',
      refinedPrompt: 'Tell me clearly what my name is',
      parentId: first.ids.assistantMessageId,
    });
  });

  it('a retried Request_Id stores nothing twice and calls no model again (JSON and stream)', async () => {
    const chatId = randomUUID();
    const fields = { Prompt: 'idempotent please', Chat_Id: chatId, Request_Id: `req_${randomUUID()}` };
    const a = (await (await c.ask(fields)).json()) as Final;
    const calls = e.fake.requests.length;
    const b = (await (await c.ask(fields)).json()) as Final;
    expect(b.ids).toEqual(a.ids);
    expect(b.data.best_output).toBe(a.data.best_output);
    const replay = await readEvents(await c.ask(fields, { stream: true }));
    expect(replay[0]).toMatchObject({ event: 'message-ids', data: a.ids });
    expect(replay.at(-1)).toMatchObject({ event: 'final' });
    expect(e.fake.requests.length).toBe(calls);
    expect((await c.chat(chatId)).messages).toHaveLength(2);
  });

  it('the same Request_Id sent twice at once (a double tap, a replay) is stored and charged once, and both get that answer', async () => {
    const user = await createVerifiedUser(e.t);
    for (const fresh of [true, false]) {
      const chatId = randomUUID();
      if (!fresh) await c.ask({ Prompt: 'an earlier turn', Chat_Id: chatId }, { user });
      slow(`twice-${fresh}`, 20, 30);
      const fields = { Prompt: `twice-${fresh}: what is karma?`, Chat_Id: chatId, Request_Id: `req_${randomUUID()}` };
      const [a, b] = await Promise.all([c.ask(fields, { user }), c.ask(fields, { user, stream: true })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const json = (await a.json()) as Final;
      const events = await readEvents(b);
      expect(events[0]).toMatchObject({ event: 'message-ids', data: json.ids });
      const last = events.at(-1);
      expect(last?.event).toBe('final');
      expect((last?.data as Final | undefined)?.data.best_output).toBe(json.data.best_output);
      const detail = await c.chat(chatId, user);
      expect(detail.messages.filter((m) => m.content === fields.Prompt)).toHaveLength(1);
      expect(detail.messages.filter((m) => m.role === 'assistant' && m.parentId === json.ids.userMessageId)).toHaveLength(1);
    }
    // Charged once per answer: the earlier turn and one of each pair, three requests, not five.
    const usage = (await (await c.api('GET', '/me/usage', { user })).json()) as { requests: number };
    expect(usage.requests).toBe(3);
  });

  it('another user’s chat id answers 404 and stores nothing; a callers without a chat keeps nothing', async () => {
    const chatId = randomUUID();
    await c.ask({ Prompt: 'mine', Chat_Id: chatId });
    const res = await c.ask({ Prompt: 'not yours', Chat_Id: chatId }, { user: other });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('CHAT_NOT_FOUND');
    expect((await c.chat(chatId)).messages).toHaveLength(2);
    const tool = await c.ask({ Prompt: 'no chat here', Chat_Id: 'short123' });
    expect(tool.status).toBe(200);
    expect(((await tool.json()) as Final).ids).toBeUndefined();
  });

  it('a Parent_Id or Regenerate_Id outside the chat is 404 MESSAGE_NOT_FOUND; a malformed one 400', async () => {
    const chatId = randomUUID();
    await c.ask({ Prompt: 'base', Chat_Id: chatId });
    for (const field of ['Parent_Id', 'Regenerate_Id']) {
      const res = await c.ask({ Prompt: 'x', Chat_Id: chatId, [field]: randomUUID() });
      expect(res.status, field).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('MESSAGE_NOT_FOUND');
      expect((await c.ask({ Prompt: 'x', Chat_Id: chatId, [field]: 'nope' })).status).toBe(400);
    }
    const nul = await c.ask({ Prompt: 'a\u0000b', Chat_Id: chatId });
    expect(nul.status).toBe(400);
  });
});

describe('regenerate, edit-and-resend and continue-with make a message tree', () => {
  it('regenerate answers the same question again as a sibling; the old answer stays', async () => {
    const chatId = randomUUID();
    const first = (await (await c.ask({ Prompt: 'regen question', Chat_Id: chatId })).json()) as Final;
    const again = (await (
      await c.ask({ Prompt: 'ignored', Chat_Id: chatId, Regenerate_Id: first.ids.assistantMessageId })
    ).json()) as Final;
    expect(again.ids.userMessageId).toBe(first.ids.userMessageId);
    expect(again.ids.assistantMessageId).not.toBe(first.ids.assistantMessageId);
    expect(asked('alpha', 'regen question')).toHaveLength(2);
    const detail = await c.chat(chatId);
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(detail.messages.filter((m) => m.parentId === first.ids.userMessageId)).toHaveLength(2);
    expect(detail.activeLeafId).toBe(again.ids.assistantMessageId);
  });

  it('edit-and-resend branches from the original question’s parent; both branches stay reachable', async () => {
    const chatId = randomUUID();
    const q1 = (await (await c.ask({ Prompt: 'branch first', Chat_Id: chatId })).json()) as Final;
    const q2 = (await (await c.ask({ Prompt: 'branch second', Chat_Id: chatId })).json()) as Final;
    const edited = (await (
      await c.ask({ Prompt: 'branch second edited', Chat_Id: chatId, Parent_Id: q1.ids.assistantMessageId })
    ).json()) as Final;
    const history = asked('alpha', 'branch second edited')[0]?.messages ?? [];
    expect(JSON.stringify(history)).not.toContain('branch second"');
    expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    let detail = await c.chat(chatId);
    expect(detail.messages).toHaveLength(6);
    expect(detail.messages.filter((m) => m.parentId === q1.ids.assistantMessageId).map((m) => m.content)).toEqual([
      'branch second',
      'branch second edited',
    ]);
    expect(detail.activeLeafId).toBe(edited.ids.assistantMessageId);
    // The branch switcher: back to the first branch.
    const patched = await c.api('PATCH', `/chats/${chatId}`, { body: { activeLeafId: q2.ids.assistantMessageId } });
    expect(patched.status).toBe(200);
    detail = await c.chat(chatId);
    expect(detail.activeLeafId).toBe(q2.ids.assistantMessageId);
    // The next question follows the active branch; editing the very first question starts at the root.
    await c.ask({ Prompt: 'branch third', Chat_Id: chatId });
    expect(JSON.stringify(asked('alpha', 'branch third')[0]?.messages)).toContain('branch second"');
    const root = (await (await c.ask({ Prompt: 'branch first edited', Chat_Id: chatId, Parent_Id: 'root' })).json()) as Final;
    expect(asked('alpha', 'branch first edited')[0]?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    detail = await c.chat(chatId);
    expect(detail.messages.find((m) => m.id === root.ids.userMessageId)?.parentId).toBeNull();
    expect((await c.api('PATCH', `/chats/${chatId}`, { body: { activeLeafId: randomUUID() } })).status).toBe(404);
  });

  it('continue with one model: the following questions go to that model only, until back to all', async () => {
    const chatId = randomUUID();
    await c.ask({ Prompt: 'cw start', Chat_Id: chatId });
    const set = await c.api('PATCH', `/chats/${chatId}`, { body: { continueWith: 'beta' } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: chatId, continueWith: 'beta' });
    const only = (await (await c.ask({ Prompt: 'cw only beta', Chat_Id: chatId })).json()) as Final;
    expect(Object.keys(only.data.supporting_output)).toEqual(['Beta Claude']);
    expect(asked('alpha', 'cw only beta')).toHaveLength(0);
    expect(e.fake.requests.some((r) => r.model === 'fusion' && JSON.stringify(r.messages).includes('cw only beta'))).toBe(false);
    expect((await c.api('PATCH', `/chats/${chatId}`, { body: { continueWith: 'no-such-model' } })).status).toBe(400);
    await c.api('PATCH', `/chats/${chatId}`, { body: { continueWith: null } });
    const all = (await (await c.ask({ Prompt: 'cw all again', Chat_Id: chatId })).json()) as Final;
    expect(Object.keys(all.data.supporting_output)).toHaveLength(3);
  });
});

describe('answers outlive the tab', () => {
  it('a client that disconnects does not abort; the answer is stored, and the stream resumes from an index', async () => {
    const chatId = randomUUID();
    slow('outlive', 30, 12);
    const res = await c.ask({ Prompt: 'outlive the tab', Chat_Id: chatId }, { stream: true });
    const seen = await readEvents(res, (_ev, all) => all.filter((x) => x.event === 'model-delta').length >= 3);
    const ids = seen[0]?.data as MessageIdsEvent;
    const lastSeen = seen.at(-1)?.id ?? 0;
    // Resume from the next index: exactly the events not yet seen, then the live ones, until final.
    const resumed = await readEvents(
      await fetch(`${e.t.baseUrl}/api/v1/chats/${chatId}/messages/${ids.assistantMessageId}/stream?after=${lastSeen + 1}`, {
        headers: c.headers(e.user),
      }),
    );
    expect(resumed[0]?.id).toBe(lastSeen + 1);
    expect(resumed.every((ev, i) => ev.id === lastSeen + 1 + i)).toBe(true);
    expect(resumed.at(-1)?.event).toBe('final');
    const text = [...seen, ...resumed]
      .filter((ev) => ev.event === 'model-delta' && (ev.data as { model: string }).model === 'alpha')
      .map((ev) => (ev.data as { delta: string }).delta)
      .join('');
    expect(text).toBe('slow words '.repeat(60));
    expect(e.fake.requests.filter((r) => r.closedEarly)).toHaveLength(0);
    const detail = await c.chat(chatId);
    expect(detail.messages[1]).toMatchObject({ status: 'done' });
    // A finished answer replays and ends; Last-Event-ID works as EventSource sends it.
    const again = await readEvents(
      await fetch(`${e.t.baseUrl}/api/v1/chats/${chatId}/messages/${ids.assistantMessageId}/stream`, {
        headers: { ...c.headers(e.user), 'last-event-id': String(lastSeen) },
      }),
    );
    expect(again[0]?.id).toBe(lastSeen + 1);
    expect(again.at(-1)?.event).toBe('final');
    // A second device opening the chat while answering sees it in progress.
    const other = await fetch(`${e.t.baseUrl}/api/v1/chats/${chatId}/messages/${ids.assistantMessageId}/stream`, {
      headers: c.headers(e.user),
    });
    expect(other.headers.get('content-type')).toContain('text/event-stream');
    expect((await readEvents(other))[0]).toMatchObject({ id: 0, event: 'message-ids' });
  });

  it('Stop (owner only) ends the answer and keeps the partial text of every model', async () => {
    const chatId = randomUUID();
    slow('stop-me', 40);
    const res = await c.ask({ Prompt: 'stop-me now', Chat_Id: chatId }, { stream: true });
    const ids = { current: undefined as MessageIdsEvent | undefined };
    const stopped = { status: 0 };
    const events = await readEvents(res, (ev, all) => {
      if (ev.event === 'message-ids') ids.current = ev.data as MessageIdsEvent;
      if (ev.event === 'model-delta' && all.filter((x) => x.event === 'model-delta').length === 6 && ids.current) {
        const path = `/chats/${chatId}/messages/${ids.current.assistantMessageId}/stop`;
        void c.api('POST', path, { user: other }).then(async (r) => {
          expect(r.status).toBe(404);
          const mine = await c.api('POST', path);
          stopped.status = mine.status;
          expect(await mine.json()).toEqual({ messageId: ids.current?.assistantMessageId, status: 'stopped' });
        });
      }
      return false;
    });
    await expect.poll(() => stopped.status).toBe(200);
    const final = events.at(-1);
    expect(final).toMatchObject({ event: 'final', data: { message: 'Answer stopped' } });
    expect(events.filter((ev) => ev.event === 'model-error').map((ev) => (ev.data as { code: string }).code)).toEqual([
      'MODEL_STOPPED',
      'MODEL_STOPPED',
      'MODEL_STOPPED',
    ]);
    const answer = (await c.chat(chatId)).messages[1];
    expect(answer?.status).toBe('stopped');
    expect(answer?.content.length).toBeGreaterThan(0);
    for (const a of answer?.answers ?? []) {
      expect(a.status).toBe('stopped');
      expect(a.error?.code).toBe('MODEL_STOPPED');
      expect('slow words '.repeat(60).startsWith(a.text)).toBe(true);
    }
    expect(answer?.answers.some((a) => a.text.length > 0)).toBe(true);
    await expect.poll(() => e.fake.requests.filter((r) => r.closedEarly).length).toBe(3);
    // Stopping again is harmless; a finished answer is not running.
    expect((await c.api('POST', `/chats/${chatId}/messages/${ids.current?.assistantMessageId}/stop`)).status).toBe(200);
    e.fake.reset();
    const doneRes = await c.ask({ Prompt: 'finished', Chat_Id: chatId });
    const done = (await doneRes.json()) as Final;
    expect(done, JSON.stringify(done)).toHaveProperty('ids');
    const late = await c.api('POST', `/chats/${chatId}/messages/${done.ids.assistantMessageId}/stop`);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('ANSWER_NOT_RUNNING');
  });

  it('a model that fails half-way keeps the text it had streamed; every model failing stores a failed answer', async () => {
    const chatId = randomUUID();
    e.fake.behave('alpha', { fail: 'cut', reply: 'x'.repeat(200), chunkDelayMs: 5, match: 'cut-half' });
    e.fake.behave('beta', { fail: 'http400', match: 'cut-half' });
    e.fake.behave('gamma', { fail: 'http400', match: 'cut-half' });
    const events = await readEvents(await c.ask({ Prompt: 'cut-half', Chat_Id: chatId }, { stream: true }));
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'ALL_MODELS_FAILED' } });
    const answer = (await c.chat(chatId)).messages[1];
    expect(answer?.status).toBe('failed');
    const alpha = answer?.answers.find((a) => a.modelId === 'alpha');
    expect(alpha?.status).toBe('failed');
    expect(alpha?.text.length).toBeGreaterThan(0);
    expect(answer?.answers.find((a) => a.modelId === 'beta')?.error?.code).toBe('MODEL_FAILED');
  });
});

describe('the prompt refiner reads the conversation', () => {
  it('a follow-up in a chat is refined with the recent turns', async () => {
    const chatId = randomUUID();
    await c.ask({ Prompt: 'Tell me about the Ganges river', Chat_Id: chatId });
    const res = await c.ask({ Prompt: 'how long is it?', Chat_Id: chatId }, { endpoint: 'PromptRefiner' });
    expect(res.status).toBe(200);
    const sent = JSON.stringify(e.fake.requests.filter((r) => r.model === 'refiner').at(-1)?.messages);
    expect(sent).toContain('<conversation>');
    expect(sent).toContain('Ganges');
    // Another user's chat id gives no context.
    await c.ask({ Prompt: 'how long is it really?', Chat_Id: chatId }, { endpoint: 'PromptRefiner', user: other });
    expect(JSON.stringify(e.fake.requests.filter((r) => r.model === 'refiner').at(-1)?.messages)).not.toContain('Ganges');
  });
});
