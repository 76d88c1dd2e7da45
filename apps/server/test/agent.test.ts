import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { readEvents } from '@sangam/test-fakes/sse';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, writeModelsFile } from './helper';
import { createVerifiedUser, formOf, generateAnswer, type TestUser } from './users';

let fake: FakeLlm;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  fake = await startFakeLlm();
  const file = writeModelsFile(fakeModelsFile(fake.url, { timeoutMs: 1500 }));
  t = await startTestApp({ MODELS_FILE: file });
  user = await createVerifiedUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const form = (fields: Record<string, string | Blob>) => formOf({ Chat_Id: 'chat1', Request_Id: `req_${Date.now()}`, ...fields });
const headers = (extra: Record<string, string> = {}) => ({
  'x-api-key': 'sangam-web',
  authorization: `Bearer ${user.accessToken}`,
  ...extra,
});
const call = (endpoint: string, body: FormData, extra: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}/ai/v1/agent/${endpoint}`, { method: 'POST', headers: headers(extra), body });

type Answer = { data: { best_output: string; supporting_output: Record<string, unknown>; facts?: unknown }; message: string };

describe('PromptRefiner', () => {
  it('answers up to four distinct, non-empty refined prompts with 1-based ranking', async () => {
    const res = await call('PromptRefiner', form({ Prompt: 'how do rockets work' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { refined: string[]; ranking: number[] } };
    expect(body.data.refined).toEqual([
      expect.stringContaining('Explain clearly'),
      'A second better prompt',
      'A third prompt',
      'A fourth prompt',
    ]);
    expect(body.data.ranking).toEqual([1, 2, 3, 4]);
    expect(new Set(body.data.refined).size).toBe(4);
    expect(fake.requests.filter((r) => r.model === 'refiner')).toHaveLength(1);
  });
});

describe('GenerateAnswer', () => {
  it('fans out to every proposer and fuses their numbered answers with the question', async () => {
    const res = await call('GenerateAnswer', form({ Prompt: 'What is a black hole?', Mode: 'universe' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(Object.keys(body.data.supporting_output).sort()).toEqual(['Alpha GPT', 'Beta Claude', 'Gamma Gemini']);
    expect(body.data.supporting_output['Beta Claude']).toMatch(/^Answer from beta: What is a black hole\?/);
    expect(body.data.best_output).toBe('Fused answer from 3 answers.');
    // The last call to the aggregator model writes the answer (the first is the judge's analysis).
    const fusion = fake.requests.filter((r) => r.model === 'fusion').at(-1);
    const fusionText = JSON.stringify(fusion?.messages);
    expect(fusionText).toContain('What is a black hole?');
    for (const n of [1, 2, 3]) expect(fusionText).toContain(`### Answer ${n}`);
    expect(fusionText).toContain('Answer from alpha');
    // The user's text is user content; the instructions are the server's system message.
    const alpha = fake.requests.find((r) => r.model === 'alpha');
    expect(alpha?.messages[0]?.role).toBe('system');
    expect(alpha?.messages.at(-1)).toMatchObject({ role: 'user' });
  });

  it('reports a failing and a timed-out model while the others answer', async () => {
    fake.behave('beta', { fail: 'http400' });
    fake.behave('gamma', { fail: 'hang' });
    const res = await call('GenerateAnswer', form({ Prompt: 'Hello' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.data.supporting_output['Beta Claude']).toMatchObject({ status: 'failed' });
    expect(body.data.supporting_output['Gamma Gemini']).toMatchObject({ status: 'timeout' });
    expect(body.data.supporting_output['Alpha GPT']).toMatch(/Answer from alpha/);
    // A single success needs no fusion call.
    expect(body.data.best_output).toMatch(/Answer from alpha/);
    expect(fake.requests.some((r) => r.model === 'fusion')).toBe(false);
  });

  it('answers 502 with code and detail when every model fails, including a cut response and malformed JSON', async () => {
    fake.behave('alpha', { fail: 'cut', reply: 'x'.repeat(200) });
    fake.behave('beta', { fail: 'malformed', reply: 'y'.repeat(200) });
    fake.behave('gamma', { fail: 'http400' });
    const res = await call('GenerateAnswer', form({ Prompt: 'Hello' }));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'ALL_MODELS_FAILED' });
    // Without Server-Sent Events each model is asked for its whole answer, not a stream.
    expect(fake.requests.filter((r) => ['alpha', 'beta', 'gamma'].includes(r.model)).every((r) => !r.stream)).toBe(true);
  });

  it('streams an error event when every model fails, including a stream cut halfway and a malformed chunk', async () => {
    fake.behave('alpha', { fail: 'cut', reply: 'x'.repeat(200), chunkDelayMs: 5 });
    fake.behave('beta', { fail: 'malformed', reply: 'y'.repeat(200) });
    fake.behave('gamma', { fail: 'http400' });
    const events = await readEvents(await call('GenerateAnswer', form({ Prompt: 'Hello' }), { accept: 'text/event-stream' }));
    expect(fake.requests.filter((r) => ['alpha', 'beta', 'gamma'].includes(r.model)).every((r) => r.stream)).toBe(true);
    // The cut stream had sent deltas before it broke; the model is still reported as failed.
    expect(events.some((e) => e.event === 'model-delta' && (e.data as { model: string }).model === 'alpha')).toBe(true);
    expect(events.filter((e) => e.event === 'model-error')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'ALL_MODELS_FAILED' } });
  });

  it('streams Server-Sent Events as they happen: deltas arrive before the models finish', async () => {
    for (const m of ['alpha', 'beta', 'gamma']) fake.behave(m, { reply: 'word '.repeat(40), chunkSize: 5, chunkDelayMs: 15 });
    const started = Date.now();
    const res = await call('GenerateAnswer', form({ Prompt: 'Stream please' }), { accept: 'text/event-stream' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    let firstDeltaAt = 0;
    const events = await readEvents(res, (e) => {
      if (e.event === 'model-delta' && !firstDeltaAt) firstDeltaAt = e.at;
      return false;
    });
    const finalAt = events.find((e) => e.event === 'final')?.at ?? 0;
    // 40 chunks at 15 ms each take about 600 ms: the first delta must come long before that.
    expect(firstDeltaAt - started).toBeLessThan(400);
    expect(finalAt - firstDeltaAt).toBeGreaterThan(300);
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === 'model-start')).toHaveLength(3);
    expect(names.filter((n) => n === 'model-end')).toHaveLength(3);
    expect(names).toContain('fusion-start');
    expect(names).toContain('fusion-delta');
    expect(names.at(-1)).toBe('final');
    const final = events.at(-1)?.data as Answer;
    expect(final.data.best_output).toBe('Fused answer from 3 answers.');
  });

  it('streams a model-error event for a failing model', async () => {
    fake.behave('beta', { fail: 'http400' });
    const res = await call('GenerateAnswer', form({ Prompt: 'Hi' }), { accept: 'text/event-stream' });
    const events = await readEvents(res);
    expect(events.find((e) => e.event === 'model-error')?.data).toMatchObject({ name: 'Beta Claude', code: 'MODEL_FAILED' });
  });

  it('a client that disconnects aborts every provider call', async () => {
    for (const m of ['alpha', 'beta', 'gamma']) fake.behave(m, { reply: 'slow '.repeat(200), chunkSize: 5, chunkDelayMs: 30 });
    const res = await call('GenerateAnswer', form({ Prompt: 'Leave early' }), { accept: 'text/event-stream' });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await expect
      .poll(() => fake.requests.filter((r) => ['alpha', 'beta', 'gamma'].includes(r.model) && r.closedEarly).length, { timeout: 5000 })
      .toBe(3);
  });

  it('passes the conversation so far to the models', async () => {
    const history = JSON.stringify([
      { role: 'user', content: 'My name is Arjun.' },
      { role: 'assistant', content: 'Nice to meet you, Arjun.' },
    ]);
    const res = await call('GenerateAnswer', form({ Prompt: 'What is my name?', History: history }));
    expect(res.status).toBe(200);
    const alpha = fake.requests.find((r) => r.model === 'alpha');
    expect(alpha?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('sends a checked, re-encoded image only to vision models', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff9900' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    const res = await call(
      'GenerateAnswer',
      form({ Prompt: 'What is in this picture?', image_file: new Blob([new Uint8Array(png)], { type: 'image/png' }) }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(Object.keys(body.data.supporting_output).sort()).toEqual(['Alpha GPT', 'Gamma Gemini']);
    const sent = JSON.stringify(fake.requests.find((r) => r.model === 'alpha')?.messages);
    expect(sent).toContain('data:image/png;base64,');
    expect(Buffer.from(sent.match(/base64,([A-Za-z0-9+/=]+)/)?.[1] ?? '', 'base64').toString('latin1')).not.toContain('secret-owner');
  });
});

describe('resilience', () => {
  it('retries a 429 honouring Retry-After and a 500, never a 400', async () => {
    fake.behave('alpha', { fail: 'http429', retryAfter: 0, failTimes: 1, match: 'retry-me' });
    fake.behave('beta', { fail: 'http500', failTimes: 1, match: 'retry-me' });
    fake.behave('gamma', { fail: 'http400', match: 'retry-me' });
    const res = await call('GenerateAnswer', form({ Prompt: 'retry-me please' }));
    const body = (await res.json()) as Answer;
    expect(body.data.supporting_output['Alpha GPT']).toMatch(/Answer from alpha/);
    expect(body.data.supporting_output['Gamma Gemini']).toMatchObject({ status: 'failed' });
    const count = (m: string) => fake.requests.filter((r) => r.model === m && JSON.stringify(r.messages).includes('retry-me')).length;
    expect(count('alpha')).toBe(2);
    expect(count('gamma')).toBe(1);
    expect(count('beta')).toBeGreaterThanOrEqual(1);
  });

  it('opens a circuit for a model after repeated failures and skips it', async () => {
    fake.behave('gamma', { fail: 'http400', match: 'breaker' });
    for (let i = 0; i < 5; i += 1) await call('GenerateAnswer', form({ Prompt: `breaker ${i}` }));
    const before = fake.requests.filter((r) => r.model === 'gamma').length;
    const res = await call('GenerateAnswer', form({ Prompt: 'breaker again' }), { accept: 'text/event-stream' });
    const events = await readEvents(res);
    expect(events.find((e) => e.event === 'model-error' && (e.data as { model: string }).model === 'gamma')?.data).toMatchObject({
      code: 'MODEL_CIRCUIT_OPEN',
    });
    expect(fake.requests.filter((r) => r.model === 'gamma').length).toBe(before);
  });
});

describe('bad requests get 4xx with a code', () => {
  it('rejects a wrong key, a missing token, missing fields, oversized input and bad images', async () => {
    const bad = async (res: Promise<Response>, status: number, code: string) => {
      const r = await res;
      expect(r.status).toBe(status);
      expect(((await r.json()) as { code: string }).code).toBe(code);
    };
    await bad(call('GenerateAnswer', form({ Prompt: 'x' }), { 'x-api-key': 'wrong' }), 401, 'API_KEY_INVALID');
    await bad(
      fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
        method: 'POST',
        headers: { 'x-api-key': 'sangam-web' },
        body: form({ Prompt: 'x' }),
      }),
      401,
      'UNAUTHENTICATED',
    );
    await bad(call('GenerateAnswer', form({ Prompt: '   ' })), 400, 'VALIDATION_FAILED');
    const noChat = new FormData();
    noChat.append('Prompt', 'hi');
    await bad(call('GenerateAnswer', noChat), 400, 'VALIDATION_FAILED');
    await bad(call('GenerateAnswer', form({ Prompt: 'x'.repeat(20_001) })), 413, 'PROMPT_TOO_LONG');
    await bad(call('GenerateAnswer', form({ Prompt: 'x', Mode: 'galaxy' })), 400, 'VALIDATION_FAILED');
    await bad(call('GenerateAnswer', form({ Prompt: 'x', image_file: new Blob(['GIF89a not allowed']) })), 400, 'IMAGE_INVALID');
    await bad(
      call('GenerateAnswer', form({ Prompt: 'x', image_file: new Blob([new Uint8Array(6 * 1024 * 1024)]) })),
      413,
      'IMAGE_TOO_LARGE',
    );
    // Beyond what any form may hold (the text fields are bounded), the body is not even read.
    await bad(
      call('GenerateAnswer', form({ Prompt: 'x', image_file: new Blob([new Uint8Array(12 * 1024 * 1024)]) })),
      413,
      'IMAGE_TOO_LARGE',
    );
    // Without the key or a session nothing is read either.
    await bad(
      call('GenerateAnswer', form({ Prompt: 'x', image_file: new Blob([new Uint8Array(12 * 1024 * 1024)]) }), { 'x-api-key': 'wrong' }),
      401,
      'API_KEY_INVALID',
    );
    const flood = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // Claim 60000 x 60000 pixels in the PNG header: a pixel flood.
    flood.writeUInt32BE(60_000, 16);
    flood.writeUInt32BE(60_000, 20);
    await bad(call('GenerateAnswer', form({ Prompt: 'x', image_file: new Blob([new Uint8Array(flood)]) })), 400, 'IMAGE_INVALID');
    await bad(
      fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: '{}',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('lists enabled models without secrets', async () => {
    const res = await fetch(`${t.baseUrl}/ai/v1/models`);
    const body = (await res.json()) as { models: Array<Record<string, unknown>> };
    expect(body.models.map((m) => m.name)).toEqual(['Alpha GPT', 'Beta Claude', 'Gamma Gemini', 'Sangam Fusion', 'Sangam Refiner']);
    expect(JSON.stringify(body)).not.toMatch(/baseURL|apiKey|127\.0\.0\.1/);
  });
});

describe('usage', () => {
  it('counts tokens per user per month and refuses with QUOTA_EXCEEDED when used up', async () => {
    const other = await createVerifiedUser(t);
    const before = (await (
      await fetch(`${t.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${other.accessToken}` } })
    ).json()) as { tokens: number; allowance: number; requests: number };
    expect(before).toMatchObject({ tokens: 0, requests: 0, allowance: 50_000 });
    const res = await generateAnswer(t, other, form({ Prompt: 'count me' }));
    expect(res.status).toBe(200);
    // Usage is written just after the response.
    const usageNow = async () =>
      (await (await fetch(`${t.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${other.accessToken}` } })).json()) as {
        tokens: number;
        requests: number;
      };
    await expect.poll(async () => (await usageNow()).requests).toBe(1);
    const after = await usageNow();
    expect(after.tokens).toBeGreaterThan(0);
    const { usageEvents } = await import('@/db/schema');
    const { eq: eqOp } = await import('drizzle-orm');
    const events = await t.db.select().from(usageEvents).where(eqOp(usageEvents.userId, other.id));
    // One event per model that answered (gamma's circuit may be open after the resilience tests).
    expect(events.map((e) => e.modelId)).toEqual(expect.arrayContaining(['alpha', 'beta', 'fusion']));
    expect(events.reduce((n, e) => n + e.tokens, 0)).toBe(after.tokens);
    const me = (await (
      await fetch(`${t.baseUrl}/api/v1/me/usage`, { headers: { authorization: `Bearer ${other.accessToken}` } })
    ).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ plan: { id: 'free' }, used: after.tokens, allowance: 50_000 });
    expect(String(me.resetDate)).toMatch(/^\d{4}-\d{2}-01$/);
    // A user whose month is used up is refused (checked before any model is called).
    const spent = await createVerifiedUser(t);
    const { usage } = await import('@/db/schema');
    await t.db.insert(usage).values({ userId: spent.id, month: new Date().toISOString().slice(0, 7), tokens: 50_000, requests: 9 });
    const refused = await generateAnswer(t, spent, form({ Prompt: 'one more' }));
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { code: string }).code).toBe('QUOTA_EXCEEDED');
  });
});

describe('no model', () => {
  it('answers 503 MODEL_UNAVAILABLE when nothing is configured and the local model is off', async () => {
    const bare = await startTestApp();
    const u = await createVerifiedUser(bare);
    const res = await generateAnswer(bare, u, form({ Prompt: 'hi' }));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('MODEL_UNAVAILABLE');
    await bare.close();
  });
});
