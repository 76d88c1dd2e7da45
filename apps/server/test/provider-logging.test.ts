import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type FakeLlm, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usage } from '@/db/schema';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

const KEY = 'sk-test-SECRET-KEY-0123456789';
const KEY_ENV = 'SANGAM_TEST_PROVIDER_KEY';
let fake: FakeLlm;
let t: TestApp;
let user: TestUser;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  process.env[KEY_ENV] = KEY;
  fake = await startFakeLlm();
  const m = (id: string, roles: string[]) => ({
    id,
    name: id.toUpperCase(),
    provider: 'openai-compatible',
    model: `${id}-upstream`,
    baseURL: `${fake.url}/v1`,
    apiKeyEnv: KEY_ENV,
    roles,
    timeoutMs: 3000,
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-')), 'models.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ models: [m('alpha', ['proposer']), m('beta', ['proposer']), m('fusion', ['aggregator']), m('refiner', ['refiner'])] }),
  );
  t = await startTestApp({ MODELS_FILE: file, LOG_LEVEL: 'info' }, { logStream });
  user = await createVerifiedUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
  delete process.env[KEY_ENV];
});
beforeEach(() => {
  fake.reset();
  lines.length = 0;
});

const call = (endpoint: string, prompt: string, who: TestUser = user) => {
  const form = new FormData();
  form.append('Prompt', prompt);
  form.append('Chat_Id', 'chat1');
  form.append('Request_Id', `req_${Date.now()}`);
  return fetch(`${t.baseUrl}/ai/v1/agent/${endpoint}`, {
    method: 'POST',
    headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${who.accessToken}` },
    body: form,
  });
};

describe('provider failures in the log', () => {
  it('logs a provider 401 with its status, provider and model id, and never the key, the prompt or the body', async () => {
    for (const model of ['alpha-upstream', 'beta-upstream'])
      fake.behave(model, { fail: 'http401', errorMessage: `Incorrect API key provided: ${KEY.slice(0, 8)}****BODYMARK` });
    const res = await call('GenerateAnswer', 'PROMPTMARK what is the capital of France?');
    expect(res.status).toBe(502);
    const failures = entries().filter((e) => e.msg === 'model call failed');
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 401, provider: 'openai-compatible', modelId: 'alpha', outcome: 'failed' }),
        expect.objectContaining({ status: 401, provider: 'openai-compatible', modelId: 'beta', outcome: 'failed' }),
      ]),
    );
    const all = lines.join('\n');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain('PROMPTMARK');
    expect(all).not.toContain('BODYMARK');
  });

  it('fails a model at once when its provider asks to retry after two minutes, instead of retrying on a short back-off', async () => {
    fake.behave('alpha-upstream', { fail: 'http429', retryAfter: 120 });
    const res = await call('GenerateAnswer', 'a question while alpha is rate limited');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { supporting_output: Record<string, unknown> } };
    expect(body.data.supporting_output.ALPHA).toMatchObject({ status: 'failed' });
    // Failed (not timed out after its 3 s): one request to alpha, no retry on a short back-off.
    expect(fake.requests.filter((r) => r.model === 'alpha-upstream')).toHaveLength(1);
    expect(entries()).toEqual(
      expect.arrayContaining([expect.objectContaining({ msg: 'model call failed', modelId: 'alpha', status: 429 })]),
    );
  });

  it('logs a failed refiner by kind and status, without the prompt or the provider error body', async () => {
    fake.behave('refiner-upstream', { fail: 'http400', errorMessage: 'the model refused BODYMARK because of PROMPTMARK' });
    const res = await call('PromptRefiner', 'PROMPTMARK refine this secret plan');
    expect(res.status).toBe(502);
    expect(entries()).toEqual(
      expect.arrayContaining([expect.objectContaining({ msg: 'model call failed', modelId: 'refiner', status: 400 })]),
    );
    const all = lines.join('\n');
    expect(all).not.toContain('PROMPTMARK');
    expect(all).not.toContain('BODYMARK');
    expect(all).not.toContain('requestBodyValues');
    expect(all).not.toContain(KEY);
  });

  it('logs a quota refusal as a security event naming the user id, never the e-mail', async () => {
    const spent = await createVerifiedUser(t);
    await t.db.insert(usage).values({ userId: spent.id, month: new Date().toISOString().slice(0, 7), tokens: 50_000, requests: 3 });
    const res = await call('GenerateAnswer', 'one more', spent);
    expect(res.status).toBe(402);
    expect(entries()).toEqual(
      expect.arrayContaining([expect.objectContaining({ securityEvent: 'quota_refused', userId: spent.id, msg: 'security event' })]),
    );
    expect(lines.join('\n')).not.toContain(spent.email);
  });
});
