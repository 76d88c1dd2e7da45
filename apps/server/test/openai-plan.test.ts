import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineTest } from './engine-helper';
import { ask, createKey, rawCompletion, startV1Test } from './openai-helper';

let e: EngineTest;
beforeAll(async () => {
  // A plan allowance of one token: the first reservation already exceeds it once anything is used.
  e = await startV1Test({ FREE_PLAN_TOKENS: '1' });
}, 180_000);
afterAll(async () => e?.close());

describe('the owner’s plan allowance behind a key', () => {
  it('refuses with 402 before the stream opens once the plan’s allowance is used, JSON and streaming alike', async () => {
    const { secret } = await createKey(e);
    const first = await rawCompletion(e, secret, { model: 'alpha', messages: ask('use the allowance') });
    expect(first.status).toBe(200);
    for (const stream of [false, true]) {
      const res = await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('over the allowance'), stream });
      expect(res.status).toBe(402);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_quota');
    }
    const client = new OpenAI({ baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'alpha', messages: ask('again'), stream: true })).rejects.toMatchObject({
      status: 402,
    });
  });
});
