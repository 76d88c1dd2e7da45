import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '@/db/schema';
import type { EngineTest } from './engine-helper';
import { ask, createKey, rawCompletion, startV1Test } from './openai-helper';
import { createVerifiedUser } from './users';

/** Requests of one key in progress at once in this file's app. */
const KEY_MAX_CONCURRENT = 4;
let e: EngineTest;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _e, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The most talkative level: every request, every warning, every failed model call.
  e = await startV1Test(
    { LOG_LEVEL: 'trace', MAX_ANSWERS_PER_USER: '100', V1_KEY_MAX_CONCURRENT: String(KEY_MAX_CONCURRENT) },
    { logStream },
  );
}, 180_000);
afterAll(async () => e?.close());

const client = (secret: string) => new OpenAI({ baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
const envelope = async (res: Response) =>
  (await res.json()) as { error: { message: string; type: string; code: string; param: string | null } };

describe('/v1 errors in OpenAI’s envelope', () => {
  it('401 for a missing or unknown key, as the openai client’s AuthenticationError', async () => {
    const res = await rawCompletion(e, 'sk-sgm-not-a-key', { model: 'sangam/fusion', messages: ask('hi') });
    expect(res.status).toBe(401);
    expect((await envelope(res)).error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key', param: null });
    await expect(client('sk-sgm-nope').chat.completions.create({ model: 'sangam/fusion', messages: ask('hi') })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });

  it('400 naming an unsupported field (tools, logprobs, audio) instead of ignoring it', async () => {
    const { secret } = await createKey(e);
    for (const [field, value] of [
      ['tools', [{ type: 'function', function: { name: 'f', parameters: {} } }]],
      ['logprobs', true],
      ['audio', { voice: 'alloy', format: 'mp3' }],
      ['functions', [{ name: 'f' }]],
    ] as const) {
      const res = await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('hi'), [field]: value });
      expect(res.status).toBe(400);
      const body = await envelope(res);
      expect(body.error).toMatchObject({ code: 'unsupported_parameter', param: field, type: 'invalid_request_error' });
      expect(body.error.message).toContain(field);
    }
  });

  it('400 for n > 1 on sangam/fusion, for a panel above 8 models, and for a last message that is not the user’s', async () => {
    const { secret } = await createKey(e);
    const n = await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('hi'), n: 2 });
    expect(n.status).toBe(400);
    expect((await envelope(n)).error.param).toBe('n');
    const panel = await rawCompletion(e, secret, {
      model: 'sangam/fusion',
      messages: ask('hi'),
      sangam: { panel: Array(9).fill('alpha') },
    });
    expect(panel.status).toBe(400);
    expect((await envelope(panel)).error.param).toBe('sangam.panel');
    const last = await rawCompletion(e, secret, { model: 'alpha', messages: [...ask('hi'), { role: 'assistant', content: 'x' }] });
    expect(last.status).toBe(400);
    const unknown = await rawCompletion(e, secret, { model: 'no-such-model', messages: ask('hi') });
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).error.code).toBe('model_not_found');
    const notJson = await fetch(`${e.t.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(notJson.status).toBe(400);
    expect((await envelope(notJson)).error.type).toBe('invalid_request_error');
  });

  it('402 once the key’s monthly rupee budget cannot cover the request', async () => {
    const { secret } = await createKey(e, e.user, { monthlyBudgetInr: 0 });
    const res = await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('hi') });
    expect(res.status).toBe(402);
    expect((await envelope(res)).error.code).toBe('insufficient_quota');
    await expect(client(secret).chat.completions.create({ model: 'alpha', messages: ask('hi') })).rejects.toMatchObject({ status: 402 });
  });

  it('429 with Retry-After and x-ratelimit-* headers past the key’s requests per minute', async () => {
    const { secret } = await createKey(e, e.user, { requestsPerMinute: 2 });
    const first = await rawCompletion(e, secret, { model: 'alpha', messages: ask('one') });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    await rawCompletion(e, secret, { model: 'alpha', messages: ask('two') });
    const third = await rawCompletion(e, secret, { model: 'alpha', messages: ask('three') });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect((await envelope(third)).error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' });
  });

  it('429 past the key’s requests in progress', async () => {
    const { secret } = await createKey(e);
    e.fake.behave('alpha', { delayMs: 2500, match: 'slow in flight' });
    const all = await Promise.all(
      Array.from({ length: KEY_MAX_CONCURRENT + 1 }, () => rawCompletion(e, secret, { model: 'alpha', messages: ask('slow in flight') })),
    );
    const refused = all.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect((await envelope(refused[0] as Response)).error.code).toBe('concurrency_limit_exceeded');
  });

  it('refuses a request that came back through Sangam (the depth header its own model calls carry)', async () => {
    const { secret } = await createKey(e);
    const res = await rawCompletion(e, secret, { model: 'alpha', messages: ask('loop') }, { 'x-sangam-depth': '1' });
    expect(res.status).toBe(400);
    expect((await envelope(res)).error.code).toBe('loop_detected');
  });

  it('403 for a model the key is not allowed, and /v1/models lists only the allowed ones', async () => {
    const { secret } = await createKey(e, e.user, { allowedModels: ['sangam/fusion'] });
    const res = await rawCompletion(e, secret, { model: 'alpha', messages: ask('hi') });
    expect(res.status).toBe(403);
    const ids = [];
    for await (const m of client(secret).models.list()) ids.push(m.id);
    expect(ids).toEqual(['sangam/fusion']);
  });
});

describe('closing the connection', () => {
  it('stops every model call at once: each upstream request and its socket are closed', async () => {
    const { secret } = await createKey(e);
    for (const m of ['alpha', 'beta', 'gamma']) e.fake.behave(m, { chunkDelayMs: 100, chunkSize: 2, match: 'abort me' });
    const before = e.fake.requests.length;
    const controller = new AbortController();
    const stream = await client(secret).chat.completions.create(
      { model: 'sangam/fusion', messages: ask('abort me'), stream: true },
      { signal: controller.signal },
    );
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const c of stream) seen.push(c);
    })().catch(() => undefined);
    await expect.poll(() => e.fake.requests.length - before, { timeout: 2000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 150));
    controller.abort();
    await reading;
    const upstream = e.fake.requests.slice(before);
    await expect.poll(() => upstream.every((r) => r.closedEarly && r.socketClosed), { timeout: 2000 }).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
  });
});

describe('developer keys', () => {
  it('shows the secret once, stores only its SHA-256 and prefix, lists and revokes', async () => {
    const created = await createKey(e, e.user, { name: 'Editor 🙂 संपादक', monthlyBudgetInr: 250, requestsPerMinute: 30 });
    expect(created.secret).toMatch(/^sk-sgm-[\w-]{40,}$/);
    expect(created.key.prefix).toBe(`${created.secret.slice(0, 13)}…`);
    const [row] = await e.t.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(13));
    const auth = { authorization: `Bearer ${e.user.accessToken}` };
    const list = (await (await fetch(`${e.t.baseUrl}/api/v1/keys`, { headers: auth })).json()) as { keys: Array<Record<string, unknown>> };
    const listed = list.keys.find((k) => k.id === created.key.id);
    expect(listed).toMatchObject({ name: 'Editor 🙂 संपादक', monthlyBudgetInr: 250, requestsPerMinute: 30 });
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const del = await fetch(`${e.t.baseUrl}/api/v1/keys/${created.key.id}`, { method: 'DELETE', headers: auth });
    expect(del.status).toBe(204);
    const refused = await rawCompletion(e, created.secret, { model: 'alpha', messages: ask('after revoke') });
    expect(refused.status).toBe(401);
  });

  it('keeps two users’ keys and usage apart', async () => {
    const other = await createVerifiedUser(e.t);
    const mine = await createKey(e);
    const theirs = await createKey(e, other);
    const res = await client(mine.secret).chat.completions.create({ model: 'alpha', messages: ask('my usage') });
    const cost = (res.usage as unknown as { cost: number }).cost;
    expect(cost).toBeGreaterThan(0);
    const keyInfo = async (secret: string) =>
      (
        (await (await fetch(`${e.t.baseUrl}/v1/key`, { headers: { authorization: `Bearer ${secret}` } })).json()) as {
          data: { usage: number; usage_monthly: number };
        }
      ).data;
    expect((await keyInfo(mine.secret)).usage_monthly).toBe(cost);
    expect((await keyInfo(theirs.secret)).usage).toBe(0);
    const theirList = (await (
      await fetch(`${e.t.baseUrl}/api/v1/keys`, { headers: { authorization: `Bearer ${other.accessToken}` } })
    ).json()) as {
      keys: Array<{ id: string; spentThisMonthInr: number }>;
    };
    expect(theirList.keys.map((k) => k.id)).toEqual([theirs.key.id]);
    expect(theirList.keys[0]?.spentThisMonthInr).toBe(0);
    // The spend's write (migration 0016) also moves the key's last use, of the used key only.
    const lastUse = async (token: string, id: string) =>
      (
        (await (await fetch(`${e.t.baseUrl}/api/v1/keys`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          keys: Array<{ id: string; lastUsedAt: string | null }>;
        }
      ).keys.find((k) => k.id === id)?.lastUsedAt;
    expect(Date.parse((await lastUse(e.user.accessToken, mine.key.id)) ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await lastUse(other.accessToken, theirs.key.id)).toBeNull();
    const steal = await fetch(`${e.t.baseUrl}/api/v1/keys/${mine.key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(steal.status).toBe(404);
    const still = await rawCompletion(e, mine.secret, { model: 'alpha', messages: ask('still mine') });
    expect(still.status).toBe(200);
  });
});

describe('logs', () => {
  it('no log line carries a key, whole or in part, whatever the outcome', async () => {
    const { secret } = await createKey(e);
    e.fake.behave('beta', { fail: 'http500', match: 'log watch' });
    await rawCompletion(e, secret, { model: 'sangam/fusion', messages: ask('log watch') });
    await rawCompletion(e, secret, { model: 'beta', messages: ask('log watch') });
    await rawCompletion(e, `${secret}x`, { model: 'alpha', messages: ask('bad key') });
    await fetch(`${e.t.baseUrl}/v1/models?key=${secret}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.some((l) => l.includes('model call failed'))).toBe(true);
    const tail = secret.slice('sk-sgm-'.length);
    expect(logLines.filter((l) => l.includes(tail.slice(0, 12)) || l.includes(tail.slice(-12)))).toEqual([]);
  });
});
