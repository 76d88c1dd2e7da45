import type { CreatedApiKey } from '@sangam/contracts';
import type { DestinationStream } from 'pino';
import type { EngineTest } from './engine-helper';
import { startFusionTest, type TestModel } from './fusion-helper';
import { startTestApp, type TestApp } from './helper';
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

/**
 * Two instances of the app on one PostgreSQL database (TEST_DATABASE_URL) with the same models, and
 * the same Redis when `env` names one. `close` stops both.
 */
export async function startTwoV1Instances(
  env: Record<string, string>,
): Promise<{ e: EngineTest; second: TestApp; close: () => Promise<void> }> {
  const e = await startV1Test(env);
  const second = await startTestApp({ MODELS_FILE: String(e.t.config.MODELS_FILE), ...env }, { database: e.t.config.DATABASE_URL }).catch(
    async (err: unknown) => {
      await e.close();
      throw err;
    },
  );
  return {
    e,
    second,
    close: async () => {
      await second.close();
      await e.close();
    },
  };
}

/** The same test app seen through another instance (for the helpers taking an EngineTest). */
export const through = (e: EngineTest, other: TestApp): EngineTest => ({ ...e, t: other });
