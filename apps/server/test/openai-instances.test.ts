import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineTest } from './engine-helper';
import type { TestApp } from './helper';
import { ask, createKey, startTwoV1Instances } from './openai-helper';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** Two instances of the app on one PostgreSQL database (and one Redis when given). */
async function twoInstances(env: Record<string, string>): Promise<{ e: EngineTest; second: TestApp }> {
  const started = await startTwoV1Instances(env);
  closers.push(started.close);
  return started;
}

/**
 * Revokes on the first instance a key just used on the second, both through the official openai
 * client; resolves with how long the second kept answering chat completions with it.
 */
async function revocationDelay({ e, second }: { e: EngineTest; second: TestApp }) {
  const { key, secret } = await createKey(e);
  const onSecond = new OpenAI({ baseURL: `${second.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
  const asked = () => onSecond.chat.completions.create({ model: 'alpha', messages: ask('before and after revoke') });
  expect((await asked()).choices[0]?.message.content).toContain('Answer from alpha');
  const res = await fetch(`${e.t.baseUrl}/api/v1/keys/${key.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${e.user.accessToken}` },
  });
  expect(res.status).toBe(204);
  const revokedAt = Date.now();
  for (;;) {
    const refused = await asked().then(
      () => false,
      (err: unknown) => {
        if (err instanceof OpenAI.AuthenticationError) return true;
        throw err;
      },
    );
    if (refused) return Date.now() - revokedAt;
    if (Date.now() - revokedAt > 5000) throw new Error('the second instance still accepts the revoked key');
    await new Promise((r) => setTimeout(r, 25));
  }
}

// Two app boots per test: generous time on a shared machine.
describe.skipIf(!databaseUrl)('a revoked key on a second instance (PostgreSQL)', () => {
  it.skipIf(!redisUrl)(
    'is refused there at once through Redis',
    async () => {
      const prefix = `sangam-test-${randomUUID().slice(0, 8)}:`;
      const delay = await revocationDelay(await twoInstances({ REDIS_URL: String(redisUrl), REDIS_PREFIX: prefix }));
      expect(delay).toBeLessThan(200);
    },
    180_000,
  );

  it('is refused there within a second without Redis (the key cache lives one second)', async () => {
    const delay = await revocationDelay(await twoInstances({}));
    expect(delay).toBeLessThanOrEqual(1100);
  }, 180_000);
});
