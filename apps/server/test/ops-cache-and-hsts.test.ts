import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, writeModelsFile } from './helper';
import { createVerifiedUser, formOf, generateAnswer, type TestUser } from './users';

let fake: FakeLlm;
let https: TestApp;
let plain: TestApp;
let user: TestUser;
beforeAll(async () => {
  fake = await startFakeLlm();
  const file = writeModelsFile(fakeModelsFile(fake.url));
  https = await startTestApp({ MODELS_FILE: file, PUBLIC_URL: 'https://sangam.example' });
  plain = await startTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  user = await createVerifiedUser(https);
});
afterAll(async () => {
  await https.close();
  await plain.close();
  await fake.close();
});

const get = (t: TestApp, p: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${p}`, { headers });

describe('Cache-Control: no-store on every /api and /ai answer', () => {
  it('successes, errors, 404s and the answer stream are never stored', async () => {
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const answers = [
      await get(https, '/api/v1/auth/verify', auth),
      await get(https, '/api/v1/auth/verify'),
      await get(https, '/api/v1/no-such-route'),
      await fetch(`${https.baseUrl}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await get(https, '/ai/v1/models', { 'x-api-key': 'sangam-web' }),
      await get(https, '/ai/v1/models', { 'x-api-key': 'wrong' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 200, 200]);
    for (const r of answers) expect(r.headers.get('cache-control'), r.url).toBe('no-store');

    const form = formOf({ Prompt: 'Hello', Chat_Id: 'abc123', Request_Id: 'req_cache' });
    const sse = await generateAnswer(https, user, form, { accept: 'text/event-stream' });
    expect(sse.headers.get('content-type')).toContain('text/event-stream');
    expect(sse.headers.get('cache-control')).toContain('no-store');
    await sse.text();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when PUBLIC_URL is https, and not otherwise', async () => {
    for (const p of ['/healthz', '/api/v1/auth/verify', '/api/nowhere']) {
      expect((await get(https, p)).headers.get('strict-transport-security'), p).toMatch(/max-age=\d{7,}/);
      expect((await get(plain, p)).headers.get('strict-transport-security'), p).toBeNull();
    }
  });
});
