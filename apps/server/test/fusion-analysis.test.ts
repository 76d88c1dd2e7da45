import { randomUUID } from 'node:crypto';
import type { AnswerCost, AnswerResponse, FusionAnalysis, SharedChat } from '@sangam/contracts';
import { isJudgeRequest } from '@sangam/test-fakes/fake-llm';
import { readEvents } from '@sangam/test-fakes/sse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { convClient } from './conv-helper';
import type { EngineTest } from './engine-helper';
import { askTimed, assistantOf, named, startFusionTest } from './fusion-helper';
import { createVerifiedUser } from './users';

let e: EngineTest;
let c: ReturnType<typeof convClient>;
beforeAll(async () => {
  e = await startFusionTest(
    [
      { id: 'alpha', name: 'Alpha GPT', price: { input: 100, output: 200, currency: 'INR' } },
      { id: 'beta', name: 'Beta Claude', price: { input: 1, output: 2, currency: 'USD' } },
      { id: 'gamma', name: 'Gamma Gemini' },
      { id: 'fusion', name: 'Sangam Fusion', roles: ['aggregator'], price: { input: 50, output: 50, currency: 'INR' } },
      { id: 'refiner', name: 'Sangam Refiner', roles: ['refiner'] },
    ],
    { USD_INR_RATE: '90' },
  );
  c = convClient(e);
});
afterAll(async () => {
  await e.close();
});
beforeEach(() => e.fake.reset());

const JUDGE = 'Compare the candidate answers';
type Final = AnswerResponse & { ids: { assistantMessageId: string } };

describe('the fusion shows its work', () => {
  it('streams the analysis before the fused text, stores it with the answer and returns it in the chat, the replay, the share and the export', async () => {
    const chatId = randomUUID();
    const { status, events } = await askTimed(e, { Prompt: 'What is dharma?', Chat_Id: chatId });
    expect(status).toBe(200);
    const names = events.map((ev) => ev.event);
    const analysisAt = names.indexOf('fusion-analysis');
    expect(analysisAt).toBeGreaterThan(names.lastIndexOf('model-end'));
    expect(analysisAt).toBeLessThan(names.indexOf('fusion-start'));
    expect(names.indexOf('fusion-start')).toBeLessThan(names.indexOf('fusion-delta'));
    expect(named(events, 'fusion-start')[0]?.data).toMatchObject({ model: 'fusion', answers: ['alpha', 'beta', 'gamma'] });
    const streamed = named(events, 'fusion-analysis')[0]?.data as FusionAnalysis;
    expect(streamed).toMatchObject({
      consensus: [{ text: 'All 3 answers address the question.', models: ['alpha', 'beta', 'gamma'] }],
      contradictions: [],
      fusedAnswers: ['alpha', 'beta', 'gamma'],
      agreement: 1,
      judge: { modelId: 'fusion', name: 'Sangam Fusion' },
    });
    const final = events.at(-1)?.data as Final;
    expect(final.data.analysis).toEqual(streamed);
    // The judge asked for structured output over the answers labelled by answer id.
    const judge = e.fake.requests.find(isJudgeRequest);
    expect(judge?.model).toBe('fusion');
    expect(judge?.responseFormat).toBeTruthy();
    expect(JSON.stringify(judge?.messages)).toContain('### Answer [beta]');

    const answer = assistantOf(await c.chat(chatId));
    expect(answer?.analysis).toEqual(streamed);
    expect(answer?.answers.map((a) => [a.answerId, a.isInFusion])).toEqual([
      ['alpha', true],
      ['beta', true],
      ['gamma', true],
    ]);

    // Replay of the stored answer (a stream opened after the run ended and was dropped from memory is the stored one).
    const replay = await c.api('GET', `/chats/${chatId}/messages/${answer?.id}/stream`);
    const replayed = await replay.text();
    expect(replayed).toContain('event: fusion-analysis');

    // Share and export carry it.
    expect((await c.api('POST', `/chats/${chatId}/share`)).status).toBe(200);
    const { shareId } = (await c.chat(chatId)).chat as { shareId: string };
    const shared = (await (await fetch(`${e.t.baseUrl}/api/v1/shared/${shareId}`)).json()) as SharedChat;
    expect(shared.messages.at(-1)?.analysis).toEqual(streamed);
    const md = await (await c.api('GET', `/chats/${chatId}/export?format=md`)).text();
    expect(md).toContain('### How the models agreed');
    expect(md).toMatch(/Agreement: 100%/);
    expect(md).toContain('- All 3 answers address the question. (Alpha GPT, Beta Claude, Gamma Gemini)');
    const json = (await (await c.api('GET', `/chats/${chatId}/export?format=json`)).json()) as { messages: Array<{ analysis?: unknown }> };
    expect(json.messages.at(-1)?.analysis).toEqual(streamed);
  });

  it('models that disagree on a fact: the contradiction is in the panel and the final answer is written from it, claiming no agreement', async () => {
    e.fake.behave('alpha', { reply: 'The Ganga rises at Gangotri glacier.' });
    e.fake.behave('beta', { reply: 'The Ganga rises at Lake Manasarovar.' });
    e.fake.behave('gamma', { reply: 'The Ganga rises at Gangotri glacier in Uttarakhand.' });
    // The fake aggregator echoes what it was given after the answers (scripted first: the judge's script, added later, is tried first).
    e.fake.behave('fusion', {
      reply: (req) => {
        const user = String(req.messages.at(-1)?.content ?? '');
        return `Echo: ${user.split('Analysis of the candidate answers:')[1]?.split('\n\nWrite the single')[0] ?? ''}`;
      },
    });
    e.fake.behave('fusion', {
      match: JUDGE,
      reply: JSON.stringify({
        consensus: [{ text: 'Gangotri', models: ['zeta'] }],
        contradictions: [
          {
            topic: 'Where the Ganga rises',
            sides: [
              { claim: 'At the Gangotri glacier', models: ['alpha', 'gamma', 'gamma', 'zeta'] },
              { claim: 'At Lake Manasarovar', models: ['beta'] },
            ],
          },
        ],
        unique: [{ text: `Uttarakhand ${'x'.repeat(900)}`, models: ['gamma'] }],
        openQuestions: ['How long the river is'],
      }),
    });
    const chatId = randomUUID();
    const res = await c.ask({ Prompt: 'Where does the Ganga rise?', Chat_Id: chatId });
    expect(res.status).toBe(200);
    const final = (await res.json()) as Final;
    const analysis = final.data.analysis as FusionAnalysis;
    // Unknown answer ids are dropped (and the point left without any), each id kept once, long texts cut.
    expect(analysis.consensus).toEqual([]);
    expect(analysis.contradictions).toEqual([
      {
        topic: 'Where the Ganga rises',
        sides: [
          { claim: 'At the Gangotri glacier', models: ['alpha', 'gamma'] },
          { claim: 'At Lake Manasarovar', models: ['beta'] },
        ],
      },
    ]);
    expect(analysis.unique[0]?.text.length).toBe(600);
    expect(analysis.agreement).toBe(0);
    const best = final.data.best_output;
    expect(best).toContain('Points the answers agree on:\n- none');
    expect(best).toContain('Where the Ganga rises: [alpha] [gamma] says At the Gangotri glacier; versus [beta] says At Lake Manasarovar');
    // Nothing the models disagree on is given to the aggregator (or written) as agreed.
    expect(best.split('Contradictions')[0]).not.toMatch(/Gangotri|Manasarovar/);
    const aggregator = e.fake.requests.filter((r) => r.model === 'fusion' && !isJudgeRequest(r)).at(-1);
    expect(JSON.stringify(aggregator?.messages[0])).toContain('Never claim that the answers agree');
    expect(assistantOf(await c.chat(chatId))?.analysis?.contradictions).toHaveLength(1);
  });

  it('a judge that fails leaves the answer fused as before, with no analysis', async () => {
    e.fake.behave('fusion', { match: JUDGE, fail: 'http400', errorMessage: 'secret judge detail' });
    const chatId = randomUUID();
    const { events } = await askTimed(e, { Prompt: 'Judge fails here', Chat_Id: chatId });
    expect(named(events, 'fusion-analysis')).toHaveLength(0);
    const final = events.at(-1)?.data as Final;
    expect(final.data.best_output).toBe('Fused answer from 3 answers.');
    expect(final.data.analysis).toBeUndefined();
    const answer = assistantOf(await c.chat(chatId));
    expect(answer?.analysis).toBeNull();
    expect(answer?.answers.every((a) => a.isInFusion)).toBe(true);
    const aggregator = e.fake.requests.filter((r) => r.model === 'fusion' && !isJudgeRequest(r)).at(-1);
    expect(JSON.stringify(aggregator?.messages)).not.toContain('Analysis of the candidate answers');
  });
});

describe('costs in rupees', () => {
  it('records tokens and rupees per call (INR and USD prices, no price), the total, model-end costInr, and the month in /me/usage', async () => {
    const user = await createVerifiedUser(e.t);
    e.fake.behave('alpha', { usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    e.fake.behave('beta', { usage: { prompt_tokens: 2000, completion_tokens: 1000 } });
    e.fake.behave('gamma', { usage: { prompt_tokens: 300, completion_tokens: 100 } });
    e.fake.behave('fusion', { usage: { prompt_tokens: 3000, completion_tokens: 200 } });
    const chatId = randomUUID();
    const res = await c.ask({ Prompt: 'Cost me', Chat_Id: chatId }, { stream: true, user });
    const events = await readEvents(res);
    const ends = Object.fromEntries(named(events, 'model-end').map((ev) => [(ev.data as { model: string }).model, ev.data]));
    // alpha: (1000 x 100 + 500 x 200) / 1e6 = ₹0.20; beta: (2000 x 1 + 1000 x 2) / 1e6 x 90 = ₹0.36; gamma: no price.
    expect(ends.alpha).toMatchObject({ costInr: 0.2 });
    expect(ends.beta).toMatchObject({ costInr: 0.36 });
    expect(ends.gamma).toMatchObject({ costInr: null });
    const cost = ((events.at(-1)?.data as Final | undefined)?.data.cost ?? { calls: [] }) as AnswerCost;
    // judge and aggregator each (3000 x 50 + 200 x 50) / 1e6 = ₹0.16.
    expect(cost.calls.map((k) => [k.answerId, k.role, k.inputTokens, k.outputTokens, k.costInr])).toEqual([
      ['alpha', 'proposer', 1000, 500, 0.2],
      ['beta', 'proposer', 2000, 1000, 0.36],
      ['gamma', 'proposer', 300, 100, null],
      ['fusion', 'judge', 3000, 200, 0.16],
      ['fusion', 'aggregator', 3000, 200, 0.16],
    ]);
    expect(cost.costInr).toBe(0.88);
    expect(cost.tokens).toBe(1500 + 3000 + 400 + 3200 + 3200);
    const stored = (await c.chat(chatId, user)).messages.at(-1);
    expect(stored?.cost).toEqual(cost);
    expect(stored?.answers.map((a) => a.costInr)).toEqual([0.2, 0.36, null]);
    const usage = (await (await c.api('GET', '/me/usage', { user })).json()) as { used: number; costInr: number | null };
    expect(usage.costInr).toBe(0.88);
    expect(usage.used).toBe(cost.tokens);
  });

  it('estimates a send before it is made: calls, tokens, rupees and what is left; continueWith counts one model', async () => {
    const user = await createVerifiedUser(e.t);
    const res = await c.api('GET', '/me/estimate?mode=universe&chars=400', { user });
    expect(res.status).toBe(200);
    // Per call 400/4 + 1000 input and 1000 output tokens; fusion: judge reads 1100 + 3 x 1000, aggregator 1000 more.
    // alpha ₹0.31, beta ₹0.279, gamma no price, judge ₹0.255, aggregator ₹0.305.
    expect(await res.json()).toEqual({ models: 3, tokens: 3 * 2100 + 1100 + 4000, costInr: 1.149, remaining: 50_000 });

    const chatId = randomUUID();
    expect((await c.ask({ Prompt: 'abcd', Chat_Id: chatId }, { user })).status).toBe(200);
    expect((await c.api('PATCH', `/chats/${chatId}`, { user, body: { continueWith: 'alpha' } })).status).toBe(200);
    const one = (await (await c.api('GET', `/me/estimate?chars=0&chatId=${chatId}`, { user })).json()) as Record<string, number>;
    const history = 'abcd'.length + ((await c.chat(chatId, user)).messages.at(-1)?.content.length ?? 0);
    const input = Math.ceil(history / 4) + 1000;
    expect(one).toMatchObject({ models: 1, tokens: input + 1000, costInr: (input * 100 + 1000 * 200) / 1e6 });
    expect(one.remaining).toBeLessThan(50_000);
    // Another user's chat id is only a number of characters: every model counts.
    const other = await createVerifiedUser(e.t);
    const theirs = (await (await c.api('GET', `/me/estimate?chatId=${chatId}`, { user: other })).json()) as Record<string, number>;
    expect(theirs.models).toBe(3);
    for (const bad of ['chars=-1', 'chars=abc', 'mode=cosmic', `chatId=${'x'.repeat(200)}`])
      expect((await c.api('GET', `/me/estimate?${bad}`, { user })).status).toBe(400);
    expect((await fetch(`${e.t.baseUrl}/api/v1/me/estimate`)).status).toBe(401);
  });
});
