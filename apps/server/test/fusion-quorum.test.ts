import { randomUUID } from 'node:crypto';
import type { AnswerResponse, FusionAnalysis, MessageIdsEvent } from '@sangam/contracts';
import { isJudgeRequest } from '@sangam/test-fakes/fake-llm';
import { readEvents } from '@sangam/test-fakes/sse';
import { describe, expect, it } from 'vitest';
import type { convClient } from './conv-helper';
import type { EngineTest } from './engine-helper';
import { askTimed, assistantOf, named, useFusionTest } from './fusion-helper';
import { createVerifiedUser } from './users';

type Final = AnswerResponse & { ids: MessageIdsEvent };
const indexOf = (events: Array<{ event: string; data: unknown }>, name: string, model?: string) =>
  events.findIndex((ev) => ev.event === name && (!model || (ev.data as { model?: string }).model === model));

describe('quorum: fusion starts once two of three have answered', () => {
  let e: EngineTest;
  let c: ReturnType<typeof convClient>;
  useFusionTest(
    [
      { id: 'alpha' },
      { id: 'beta' },
      { id: 'gamma', timeoutMs: 3000 },
      { id: 'fusion', roles: ['aggregator'] },
      { id: 'refiner', roles: ['refiner'] },
    ],
    { FUSION_QUORUM: '2', FUSION_DEADLINE_MS: '60000' },
    (engine, client) => {
      [e, c] = [engine, client];
    },
  );

  it('a hanging model does not hold the fused answer: it arrives long before the model times out; the run ends after the timeout', async () => {
    e.fake.behave('gamma', { fail: 'hang' });
    const chatId = randomUUID();
    const { events, at } = await askTimed(e, { Prompt: 'Hanging gamma', Chat_Id: chatId });
    const firstFused = indexOf(events, 'fusion-delta');
    const gammaError = indexOf(events, 'model-error', 'gamma');
    expect(firstFused).toBeGreaterThan(0);
    expect(at[firstFused]).toBeLessThan(2000);
    expect(gammaError).toBeGreaterThan(firstFused);
    expect(at[gammaError]).toBeGreaterThanOrEqual(2900);
    expect(events.at(-1)?.event).toBe('final');
    expect(named(events, 'fusion-start')[0]?.data).toMatchObject({ answers: ['alpha', 'beta'] });
    const final = events.at(-1)?.data as Final;
    expect(final.data.best_output).toBe('Fused answer from 2 answers.');
    expect(final.data.analysis?.fusedAnswers).toEqual(['alpha', 'beta']);
    const answer = assistantOf(await c.chat(chatId));
    expect(answer?.answers.map((a) => [a.answerId, a.status, a.isInFusion])).toEqual([
      ['alpha', 'done', true],
      ['beta', 'done', true],
      ['gamma', 'timeout', false],
    ]);
  });

  it('a model finishing after the fusion started is stored late (not in the fused answer); fusing again includes it', async () => {
    e.fake.behave('gamma', { delayMs: 700, reply: 'Gamma comes late with this answer.' });
    const chatId = randomUUID();
    const { events } = await askTimed(e, { Prompt: 'Late gamma', Chat_Id: chatId });
    const gammaEnd = indexOf(events, 'model-end', 'gamma');
    expect(gammaEnd).toBeGreaterThan(indexOf(events, 'fusion-start'));
    expect(events[gammaEnd]?.data).toMatchObject({ model: 'gamma', answerId: 'gamma', late: true });
    expect(named(events, 'model-end').filter((ev) => (ev.data as { late?: boolean }).late)).toHaveLength(1);
    expect(events.at(-1)?.event).toBe('final');
    let answer = assistantOf(await c.chat(chatId));
    expect(answer?.answers.map((a) => [a.answerId, a.status, a.isInFusion, a.late ?? false])).toEqual([
      ['alpha', 'done', true, false],
      ['beta', 'done', true, false],
      ['gamma', 'done', false, true],
    ]);
    const before = answer?.content;
    expect(before).toBe('Fused answer from 2 answers.');

    // Fuse again: only the owner; bad ids are 400; then every done answer, the late one included.
    const path = `/chats/${chatId}/messages/${answer?.id}/fuse`;
    const other = await createVerifiedUser(e.t);
    expect((await c.api('POST', path, { user: other })).status).toBe(404);
    expect((await c.api('POST', `/chats/${chatId}/messages/not-a-uuid/fuse`)).status).toBe(400);
    expect((await c.api('POST', `/chats/${chatId}/messages/${randomUUID()}/fuse`)).status).toBe(404);
    e.fake.reset();
    const res = await c.api('POST', path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messageId: answer?.id, status: 'fused' });
    const aggregator = e.fake.requests.filter((r) => r.model === 'fusion' && !isJudgeRequest(r)).at(-1);
    expect(JSON.stringify(aggregator?.messages)).toContain('Gamma comes late with this answer.');
    answer = assistantOf(await c.chat(chatId));
    expect(answer?.content).toBe('Fused answer from 3 answers.');
    expect(answer?.answers.map((a) => [a.answerId, a.isInFusion, a.late ?? false])).toEqual([
      ['alpha', true, false],
      ['beta', true, false],
      ['gamma', true, false],
    ]);
    expect((answer?.analysis as FusionAnalysis | undefined)?.fusedAnswers).toEqual(['alpha', 'beta', 'gamma']);
    // Both fusions' calls are in the answer's cost.
    expect(answer?.cost?.calls.map((k) => k.role)).toEqual([
      'proposer',
      'proposer',
      'proposer',
      'judge',
      'aggregator',
      'judge',
      'aggregator',
    ]);
  });

  it('fusing again is refused while the answer runs (409) and with fewer than two finished answers (409)', async () => {
    e.fake.behave('gamma', { delayMs: 1500 });
    const chatId = randomUUID();
    const res = await c.ask({ Prompt: 'Still running', Chat_Id: chatId }, { stream: true });
    let ids: MessageIdsEvent | undefined;
    let refused: Response | undefined;
    await readEvents(res, (ev) => {
      if (ev.event === 'message-ids') ids = ev.data as MessageIdsEvent;
      if (ev.event === 'fusion-start' && ids && !refused)
        void c.api('POST', `/chats/${chatId}/messages/${ids.assistantMessageId}/fuse`).then((r) => {
          refused = r;
        });
      return false;
    });
    await expect.poll(() => refused?.status).toBe(409);
    expect(((await refused?.json()) as { code?: string } | undefined)?.code).toBe('ANSWER_STILL_RUNNING');

    e.fake.reset();
    e.fake.behave('beta', { fail: 'http400' });
    e.fake.behave('gamma', { fail: 'http400' });
    const single = randomUUID();
    const one = (await (await c.ask({ Prompt: 'Only alpha', Chat_Id: single })).json()) as Final;
    const again = await c.api('POST', `/chats/${single}/messages/${one.ids.assistantMessageId}/fuse`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('FUSION_NEEDS_ANSWERS');
  });
});

describe('deadline and samples', () => {
  let e: EngineTest;
  let c: ReturnType<typeof convClient>;
  useFusionTest(
    [
      { id: 'alpha', samples: 3, temperature: 0.7 },
      { id: 'beta' },
      { id: 'gamma' },
      { id: 'fusion', roles: ['aggregator'] },
      { id: 'refiner', roles: ['refiner'] },
    ],
    { FUSION_QUORUM: 'all', FUSION_DEADLINE_MS: '400' },
    (engine, client) => {
      [e, c] = [engine, client];
    },
  );

  it('with quorum "all", fusion starts at the deadline after the first answer; the slow model is late', async () => {
    e.fake.behave('gamma', { delayMs: 1500 });
    const { events, at } = await askTimed(e, { Prompt: 'Deadline please', Chat_Id: randomUUID() });
    const firstEnd = indexOf(events, 'model-end');
    const start = indexOf(events, 'fusion-start');
    const waited = (at[start] ?? 0) - (at[firstEnd] ?? 0);
    expect(waited).toBeGreaterThanOrEqual(350);
    expect(waited).toBeLessThan(1100);
    expect(named(events, 'fusion-start')[0]?.data).toMatchObject({ answers: ['alpha#1', 'alpha#2', 'alpha#3', 'beta'] });
    expect(events[indexOf(events, 'model-end', 'gamma')]?.data).toMatchObject({ late: true });
    expect(indexOf(events, 'model-end', 'gamma')).toBeGreaterThan(start);
  });

  it('a model with samples: 3 answers three times at its temperature, as alpha#1..alpha#3, all fused', async () => {
    const chatId = randomUUID();
    const { events } = await askTimed(e, { Prompt: 'Sample me', Chat_Id: chatId });
    const alphaCalls = e.fake.requests.filter((r) => r.model === 'alpha');
    expect(alphaCalls).toHaveLength(3);
    expect(alphaCalls.map((r) => r.temperature)).toEqual([0.7, 0.7, 0.7]);
    expect(e.fake.requests.find((r) => r.model === 'beta')?.temperature).toBeUndefined();
    expect(named(events, 'model-start').map((ev) => ev.data)).toEqual([
      { model: 'alpha', name: 'Alpha', answerId: 'alpha#1', sample: 1 },
      { model: 'alpha', name: 'Alpha', answerId: 'alpha#2', sample: 2 },
      { model: 'alpha', name: 'Alpha', answerId: 'alpha#3', sample: 3 },
      { model: 'beta', name: 'Beta', answerId: 'beta' },
      { model: 'gamma', name: 'Gamma', answerId: 'gamma' },
    ]);
    const final = events.at(-1)?.data as Final;
    expect(Object.keys(final.data.supporting_output)).toEqual(['Alpha #1', 'Alpha #2', 'Alpha #3', 'Beta', 'Gamma']);
    expect(final.data.best_output).toBe('Fused answer from 5 answers.');
    expect(JSON.stringify(e.fake.requests.find(isJudgeRequest)?.messages)).toContain('### Answer [alpha#2]');
    expect(final.data.analysis?.consensus[0]?.models).toEqual(['alpha#1', 'alpha#2', 'alpha#3', 'beta', 'gamma']);
    const answer = assistantOf(await c.chat(chatId));
    expect(answer?.answers.map((a) => [a.modelId, a.answerId, a.sample ?? null, a.isInFusion])).toEqual([
      ['alpha', 'alpha#1', 1, true],
      ['alpha', 'alpha#2', 2, true],
      ['alpha', 'alpha#3', 3, true],
      ['beta', 'beta', null, true],
      ['gamma', 'gamma', null, true],
    ]);
    // Estimated with the samples counted.
    expect(((await (await c.api('GET', '/me/estimate')).json()) as { models: number }).models).toBe(5);
  });
});
