import type { CreatedApiKey } from '@sangam/contracts';
import type { DestinationStream } from 'pino';
import type { EngineTest } from './engine-helper';
import { startFusionTest, type TestModel } from './fusion-helper';
import { post, type TestUser } from './users';

/** Prices per million tokens (rupees), so every call has a cost. */
const price = (input: number, output: number) => ({ price: { input, output, currency: 'INR' } });

/** Three priced proposers, a judge and an aggregator on the fake upstream. */
export const V1_MODELS: TestModel[] = [
  { id: 'alpha', name: 'Alpha GPT', vision: true, ...price(100, 400) },
  { id: 'beta', name: 'Beta Claude', ...price(200, 800) },
  { id: 'gamma', name: 'Gamma Gemini', ...price(50, 150) },
  { id: 'judge', name: 'Sangam Judge', roles: ['judge'], ...price(10, 20) },
  { id: 'fusion', name: 'Sangam Fusion', roles: ['aggregator'], ...price(300, 1200) },
];

export function startV1Test(env: Record<string, string> = {}, options: { logStream?: DestinationStream } = {}): Promise<EngineTest> {
  return startFusionTest(V1_MODELS, env, options);
}

/** Creates a developer key for the user through POST /api/v1/keys. */
export async function createKey(e: EngineTest, user: TestUser = e.user, body: Record<string, unknown> = {}): Promise<CreatedApiKey> {
  const res = await post(e.t, '/api/v1/keys', { name: 'Test key', ...body }, { authorization: `Bearer ${user.accessToken}` });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as CreatedApiKey;
}

/** POST /v1/chat/completions with plain fetch (for headers, raw SSE lines and error bodies). */
export function rawCompletion(e: EngineTest, secret: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${e.t.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, ...headers },
    body: JSON.stringify(body),
  });
}

export const ask = (text: string) => [{ role: 'user' as const, content: text }];
