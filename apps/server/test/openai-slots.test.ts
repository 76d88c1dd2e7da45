import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineTest } from './engine-helper';
import { ask, createKey, rawCompletion, startTwoV1Instances, startV1Test, through } from './openai-helper';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** Requests of one key in progress at once in these apps. */
const CAP = 2;
const SLOW_MS = 2000;

type Envelope = { error: { message: string; type: string; code: string; param: string | null } };

/** `count` slow completions of one key at once, spread over the instances in turn: their responses, bodies read. */
async function burst(views: EngineTest[], secret: string, count: number, label: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await rawCompletion(views[i % views.length] as EngineTest, secret, { model: 'alpha', messages: ask(label) });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
    }),
  );
}

/** Six slow requests of a key with a cap of two: exactly two run, the four others get OpenAI's 429 with its headers. */
async function expectTwoOfSix(views: EngineTest[], secret: string, label: string) {
  views[0]?.fake.behave('alpha', { delayMs: SLOW_MS, match: label });
  const all = await burst(views, secret, 6, label);
  expect(all.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  for (const r of all.filter((x) => x.status === 429)) {
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.headers.get('x-ratelimit-limit-requests')).toBe('60');
    expect(r.headers.get('x-ratelimit-remaining-requests')).toMatch(/^\d+$/);
    expect(r.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
    expect(r.headers.get('x-ratelimit-limit-concurrency')).toBe(String(CAP));
    expect(r.headers.get('x-ratelimit-remaining-concurrency')).toBe('0');
    expect(r.body.error).toEqual({
      code: 'concurrency_limit_exceeded',
      type: 'rate_limit_error',
      param: null,
      message: `At most ${CAP} requests of one key run at once.`,
    });
  }
}

/** Two slow streams of the key, one per instance, closed by their client once the models have them. */
async function abortTwo(views: EngineTest[], secret: string, label: string) {
  const e = views[0] as EngineTest;
  e.fake.behave('alpha', { delayMs: 10_000, match: label });
  const before = e.fake.requests.length;
  const controllers = [new AbortController(), new AbortController()];
  const streams = controllers.map((controller, i) =>
    new OpenAI({ baseURL: `${views[i % views.length]?.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 }).chat.completions
      .create({ model: 'alpha', messages: ask(label), stream: true }, { signal: controller.signal })
      .then(async (stream) => {
        for await (const _ of stream);
      })
      .catch(() => undefined),
  );
  await expect.poll(() => e.fake.requests.slice(before).filter((r) => JSON.stringify(r.messages).includes(label)).length).toBe(2);
  // Both slots are held: a third request is refused, through the official client as its RateLimitError.
  const third = new OpenAI({ baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
  const refused = await third.chat.completions.create({ model: 'alpha', messages: ask('third') }).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
  expect((refused as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('1');
  for (const c of controllers) c.abort();
  await Promise.all(streams);
}

describe.skipIf(!databaseUrl || !redisUrl)('a key’s requests in progress over two instances (PostgreSQL + Redis)', () => {
  const prefix = `sangam-test-${randomUUID().slice(0, 8)}:`;
  let views: EngineTest[];
  let close: () => Promise<void>;
  let direct: Redis;
  beforeAll(async () => {
    const started = await startTwoV1Instances({
      REDIS_URL: String(redisUrl),
      REDIS_PREFIX: prefix,
      V1_KEY_MAX_CONCURRENT: String(CAP),
    });
    views = [started.e, through(started.e, started.second)];
    close = started.close;
    direct = new Redis(String(redisUrl));
  }, 180_000);
  afterAll(async () => {
    await close?.();
    const left = await direct.keys(`${prefix}*`);
    if (left.length) await direct.del(...left);
    direct.disconnect();
  });
  const leases = (keyId: string) => direct.zcard(`${prefix}v1slots:${keyId}`);

  it('admits exactly the cap over both instances, and frees the slots when the answers complete', async () => {
    const { key, secret } = await createKey(views[0] as EngineTest);
    await expectTwoOfSix(views, secret, 'slow across instances');
    await expect.poll(() => leases(key.id), { timeout: 500, interval: 20 }).toBe(0);
    // The same burst again: both slots were given back.
    await expectTwoOfSix(views, secret, 'slow across instances again');
    await expect.poll(() => leases(key.id), { timeout: 500, interval: 20 }).toBe(0);
  }, 60_000);

  it('frees the slots of requests their clients closed, on both instances, within a second', async () => {
    const { key, secret } = await createKey(views[0] as EngineTest);
    await abortTwo(views, secret, 'abort across instances');
    await expect.poll(() => leases(key.id), { timeout: 1000, interval: 50 }).toBe(0);
    await expectTwoOfSix(views, secret, 'after the aborts');
  }, 60_000);
});

describe('a key’s requests in progress on one instance without Redis', () => {
  let e: EngineTest;
  beforeAll(async () => {
    e = await startV1Test({ V1_KEY_MAX_CONCURRENT: String(CAP) });
  }, 180_000);
  afterAll(async () => e?.close());

  it('admits exactly the cap, and frees the slots after completion and after a client abort', async () => {
    const { secret } = await createKey(e);
    await expectTwoOfSix([e], secret, 'slow on one instance');
    await expectTwoOfSix([e], secret, 'slow on one instance again');
    await abortTwo([e], secret, 'abort on one instance');
    await expect
      .poll(async () => (await rawCompletion(e, secret, { model: 'beta', messages: ask('freed?') })).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(200);
    await expectTwoOfSix([e], secret, 'after the aborts on one instance');
  }, 60_000);
});
