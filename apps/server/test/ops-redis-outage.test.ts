import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';
import { redisProxy } from './redis-proxy';
import { createVerifiedUser, loginForm, randomIp, type TestUser } from './users';

const redisUrl = process.env.TEST_REDIS_URL;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))] ?? 0;

describe.skipIf(!redisUrl)('a Redis outage does not take the service down', () => {
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let fake: FakeLlm;
  let t: TestApp;
  let user: TestUser;
  /** A developer key: /v1 checks its revocation, its requests per minute and its slots in Redis. */
  let apiKey: string;
  let direct: Redis;
  const prefix = `test-ops-${randomUUID().slice(0, 8)}:`;
  const logs: string[] = [];

  beforeAll(async () => {
    proxy = await redisProxy(new URL(String(redisUrl)));
    direct = new Redis(String(redisUrl));
    fake = await startFakeLlm();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-')), 'models.json');
    fs.writeFileSync(file, fakeModelsFile(fake.url));
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    // Not a quota test: a fast machine answers enough in these 10 s to use up the free plan's 50,000 tokens.
    t = await startTestApp(
      { REDIS_URL: proxy.url, REDIS_PREFIX: prefix, MODELS_FILE: file, LOG_LEVEL: 'info', FREE_PLAN_TOKENS: '1000000000' },
      { logStream },
    );
    user = await createVerifiedUser(t);
    const created = await fetch(`${t.baseUrl}/api/v1/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outage key', requestsPerMinute: 10_000 }),
    });
    apiKey = ((await created.json()) as { secret: string }).secret;
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await fake.close();
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length) await direct.del(...keys);
    direct.disconnect();
  });

  /** Login, chats and an answer, over and over for `ms`: every status and latency. */
  async function traffic(ms: number) {
    const results: Array<{ kind: string; status: number; ms: number }> = [];
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const kinds = {
      login: async () => (await loginForm(t, user.email, user.password)).status,
      chats: async () => {
        const r = await fetch(`${t.baseUrl}/api/v1/chats`, { headers: auth });
        await r.arrayBuffer();
        return r.status;
      },
      v1: async () => {
        const r = await fetch(`${t.baseUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'alpha', messages: [{ role: 'user', content: 'Hello' }] }),
        });
        await r.arrayBuffer();
        return r.status;
      },
      answer: async () => {
        const form = new FormData();
        form.append('Prompt', 'Hello');
        form.append('Chat_Id', 'abc123');
        form.append('Request_Id', `req_${randomUUID()}`);
        const r = await fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
          method: 'POST',
          headers: { 'x-api-key': 'sangam-web', ...auth },
          body: form,
        });
        await r.arrayBuffer();
        return r.status;
      },
    };
    const until = Date.now() + ms;
    while (Date.now() < until) {
      for (const [kind, run] of Object.entries(kinds)) {
        const t0 = performance.now();
        const status = await run();
        results.push({ kind, status, ms: performance.now() - t0 });
      }
    }
    return results;
  }

  /** True once the app writes its limit counters to Redis again. */
  async function backOnRedis() {
    for (let i = 0; i < 100; i += 1) {
      const ip = randomIp();
      await loginForm(t, `nobody-${randomUUID()}@example.com`, 'Wrong!pass1', ip);
      if (await direct.exists(`${prefix}rl:login:fail:ip:${ip}`)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }

  it('answers login, chats, answers and /v1 without 5xx and fast while Redis is cut or hung, then returns to Redis', async () => {
    const before = await traffic(1500);
    expect(before.every((r) => r.status < 500)).toBe(true);

    await proxy.cut();
    const cut = await traffic(4000);
    // A session logged out during the outage is refused (the database answers for Redis)...
    const other = await createVerifiedUser(t);
    const out = await fetch(`${t.baseUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(out.status).toBe(200);
    const refused = () =>
      fetch(`${t.baseUrl}/api/v1/chats`, { headers: { authorization: `Bearer ${other.accessToken}` } }).then((r) => r.status);
    expect(await refused()).toBe(401);

    await proxy.restore();
    expect(await backOnRedis()).toBe(true);
    // ...and stays refused once Redis is back (it learnt the revocation it missed).
    expect(await refused()).toBe(401);

    proxy.hang();
    const hung = await traffic(4000);
    await proxy.restore();
    expect(await backOnRedis()).toBe(true);

    for (const [name, results] of [
      ['cut', cut],
      ['hung', hung],
    ] as const) {
      const bad = results.filter((r) => r.status >= 500);
      expect(bad, name).toEqual([]);
      // The key guard answers from this process (its rate and slot counts) while Redis is away.
      expect(
        results.filter((r) => r.kind === 'v1' && r.status !== 200),
        name,
      ).toEqual([]);
      const summary = ['login', 'chats', 'answer', 'v1'].map((k) => {
        const rs = results.filter((r) => r.kind === k);
        return `${k} p95 ${p95(rs.map((r) => r.ms)).toFixed(0)} ms (${rs.length})`;
      });
      process.stdout.write(
        `Redis ${name}: ${results.length} requests, all p95 ${p95(results.map((r) => r.ms)).toFixed(0)} ms; ${summary.join(', ')}\n`,
      );
      expect(p95(results.map((r) => r.ms)), name).toBeLessThan(1000);
    }
    process.stdout.write(`before the cut: all p95 ${p95(before.map((r) => r.ms)).toFixed(0)} ms over ${before.length} requests\n`);

    // Each outage is logged once, and so is each return.
    const down = logs.filter((l) => l.includes('Redis unreachable'));
    const back = logs.filter((l) => l.includes('Redis reachable again'));
    expect(down.length).toBe(2);
    expect(back.length).toBe(2);
  });
});
