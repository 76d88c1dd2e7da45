import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineTest } from './engine-helper';
import { ask, createKey, rawCompletion, startV1Test } from './openai-helper';

type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cost: number;
  cost_details: { per_call: Array<{ cost: number | null; prompt_tokens: number; completion_tokens: number }> };
};
type Meta = { panel: Array<{ model: string; status: string }>; judge: unknown; aggregator: unknown };

let e: EngineTest;
let secret: string;
let client: OpenAI;
beforeAll(async () => {
  e = await startV1Test();
  secret = (await createKey(e)).secret;
  client = new OpenAI({ baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
}, 180_000);
afterAll(async () => e?.close());

const sumCost = (u: Usage) => Math.round(u.cost_details.per_call.reduce((n, c) => n + (c.cost ?? 0), 0) * 1e6) / 1e6;

describe('the official openai client against /v1', () => {
  it('sangam/fusion answers with the fused text, names the aggregator, and charges every call in rupees', async () => {
    const res = await client.chat.completions.create({ model: 'sangam/fusion', messages: ask('What is a monsoon? मानसून क्या है? 🌧') });
    expect(res.object).toBe('chat.completion');
    expect(res.model).toBe('fusion');
    expect(res.choices).toHaveLength(1);
    expect(res.choices[0]?.message.content).toBe('Fused answer from 3 answers.');
    const usage = res.usage as unknown as Usage;
    const meta = (res as unknown as { sangam: Meta }).sangam;
    expect(meta.panel.map((p) => [p.model, p.status])).toEqual([
      ['alpha', 'ok'],
      ['beta', 'ok'],
      ['gamma', 'ok'],
    ]);
    expect(meta.judge).toMatchObject({ model: 'judge' });
    expect(meta.aggregator).toMatchObject({ model: 'fusion' });
    // Three proposers, the judge and the aggregator: five calls, all summed.
    expect(usage.cost_details.per_call).toHaveLength(5);
    expect(usage.prompt_tokens).toBe(usage.cost_details.per_call.reduce((n, c) => n + c.prompt_tokens, 0));
    expect(usage.completion_tokens).toBe(usage.cost_details.per_call.reduce((n, c) => n + c.completion_tokens, 0));
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.cost).toBeGreaterThan(0);
    expect(usage.cost).toBe(sumCost(usage));
  });

  it('streams sangam/fusion: role chunk first, the fused text, then usage and the sangam metadata before [DONE]', async () => {
    const stream = await client.chat.completions.create({ model: 'sangam/fusion', messages: ask('Stream it'), stream: true });
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Fused answer from 3 answers.');
    const last = chunks.at(-1) as unknown as { usage: Usage; sangam: Meta; choices: unknown[] };
    expect(last.choices).toEqual([]);
    expect(last.usage.cost).toBe(sumCost(last.usage));
    expect(last.sangam.panel).toHaveLength(3);
  });

  it('sangam/universe answers with one choice per panel model, in panel order, each naming its model', async () => {
    const res = await client.chat.completions.create({ model: 'sangam/universe', messages: ask('Everyone answer') });
    expect(res.choices.map((c) => (c as unknown as { sangam: { model: string } }).sangam.model)).toEqual(['alpha', 'beta', 'gamma']);
    expect(res.choices.map((c) => c.message.content)).toEqual(['alpha', 'beta', 'gamma'].map((m) => `Answer from ${m}: Everyone answer`));
    const usage = res.usage as unknown as Usage;
    expect(usage.cost_details.per_call).toHaveLength(3);
    expect(usage.cost).toBe(sumCost(usage));
  });

  it('streams sangam/universe with each model on its own choice index', async () => {
    const stream = await client.chat.completions.create({ model: 'sangam/universe', messages: ask('All stream'), stream: true });
    const texts: string[] = ['', '', ''];
    for await (const c of stream) for (const ch of c.choices) texts[ch.index] += ch.delta.content ?? '';
    expect(texts).toEqual(['alpha', 'beta', 'gamma'].map((m) => `Answer from ${m}: All stream`));
  });

  it('passes a configured model straight through, with a system message and the history', async () => {
    const res = await client.chat.completions.create({
      model: 'beta',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'வணக்கம், how are you?' },
      ],
    });
    expect(res.model).toBe('beta');
    expect(res.choices[0]?.message.content).toBe('Answer from beta: வணக்கம், how are you?');
    const sent = e.fake.requests.filter((r) => r.model === 'beta').at(-1);
    expect(sent?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent?.headers?.['x-sangam-depth']).toBe('1');
    expect((res.usage as unknown as Usage).cost_details.per_call).toHaveLength(1);
  });

  it('sends max_tokens (or max_completion_tokens) on to the model, streamed or not', async () => {
    await client.chat.completions.create({ model: 'beta', messages: ask('limit me'), max_tokens: 7 });
    expect(e.fake.requests.filter((r) => r.model === 'beta').at(-1)?.maxTokens).toBe(7);
    const stream = await client.chat.completions.create({
      model: 'beta',
      messages: ask('limit me'),
      max_completion_tokens: 9,
      stream: true,
    });
    for await (const _ of stream);
    expect(e.fake.requests.filter((r) => r.model === 'beta').at(-1)?.maxTokens).toBe(9);
    await client.chat.completions.create({ model: 'beta', messages: ask('no limit') });
    expect(e.fake.requests.filter((r) => r.model === 'beta').at(-1)?.maxTokens).toBeUndefined();
  });

  it('limits sangam/fusion with max_tokens: every proposer and the aggregator get it, the judge does not', async () => {
    await client.chat.completions.create({ model: 'sangam/fusion', messages: ask('fuse within limits'), max_tokens: 11 });
    const sent = e.fake.requests.filter((r) => JSON.stringify(r.messages).includes('fuse within limits'));
    const byModel = (id: string) => sent.filter((r) => r.model === id).map((r) => r.maxTokens);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const id of ['alpha', 'beta', 'gamma', 'fusion']) expect(byModel(id), id).toEqual([11]);
    expect(byModel('judge')).toEqual([undefined]);
  });

  it('never streams part of a stop sequence split across chunks', async () => {
    // The fake streams 8 characters a chunk: "Answer f" | "rom beta" | ": வணக்கம"… and the stop "from b" spans the first two.
    for (const [stop, expected] of [
      ['from b', 'Answer '],
      ['beta: வ', 'Answer from '],
      ['not in the text', 'Answer from beta: வணக்கம் 🙏'],
    ] as const) {
      const stream = await client.chat.completions.create({ model: 'beta', messages: ask('வணக்கம் 🙏'), stop: [stop], stream: true });
      const pieces: string[] = [];
      for await (const c of stream) if (c.choices[0]?.delta.content) pieces.push(c.choices[0].delta.content);
      expect(pieces.join(''), stop).toBe(expected);
      expect(pieces.every((p) => !p.includes(stop))).toBe(true);
    }
  });

  it('lists the Sangam models and every configured model', async () => {
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(['sangam/fusion', 'sangam/self-moa', 'sangam/universe', 'alpha', 'beta', 'gamma', 'judge', 'fusion']);
  });

  it('sends SSE comments while the panel runs, and the role chunk before any model has answered', async () => {
    e.fake.behave('gamma', { delayMs: 300, match: 'comment check' });
    const started = Date.now();
    const res = await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('comment check'), stream: true });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let raw = '';
    let firstAt = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
      if (!firstAt && raw.includes('"role":"assistant"')) firstAt = Date.now() - started;
    }
    expect(firstAt).toBeLessThan(250);
    expect(raw).toContain(': panel 1/3 done\n\n');
    expect(raw).toContain(': panel 3/3 done\n\n');
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});

describe('the Vercel AI SDK OpenAI-compatible provider against /v1', () => {
  const provider = () => createOpenAICompatible({ name: 'sangam', baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, includeUsage: true });

  it('generateText reads the fused answer and the summed usage', async () => {
    const res = await generateText({ model: provider()('sangam/fusion'), prompt: 'AI SDK question', maxRetries: 0 });
    expect(res.text).toBe('Fused answer from 3 answers.');
    expect(res.response.modelId).toBe('fusion');
    expect(res.usage.inputTokens).toBeGreaterThan(0);
  });

  it('streamText parses the stream, SSE comments included, without an error', async () => {
    e.fake.behave('beta', { delayMs: 150, match: 'sdk stream' });
    const errors: unknown[] = [];
    const res = streamText({
      model: provider()('sangam/fusion'),
      prompt: 'sdk stream',
      maxRetries: 0,
      onError: (x) => void errors.push(x),
    });
    let text = '';
    for await (const delta of res.textStream) text += delta;
    expect(errors).toEqual([]);
    expect(text).toBe('Fused answer from 3 answers.');
    expect((await res.usage).outputTokens).toBeGreaterThan(0);
  });
});
