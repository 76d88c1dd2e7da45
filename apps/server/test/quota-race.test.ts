import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usage } from '@/db/schema';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

/** Each answer costs 1,875 tokens: three proposers, the fusion's judge and its aggregator report 375 each. */
const ALLOWANCE = 2_000;
const COST = 1_875;
const PER_CALL = { prompt_tokens: 175, completion_tokens: 200 };
let fake: FakeLlm;
let modelsFile: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  for (const model of ['alpha', 'beta', 'gamma', 'fusion']) {
    fake.behave(model, { usage: PER_CALL, delayMs: 40 });
    fake.behave(model, { match: 'slow question', delayMs: 2500 });
  }
  modelsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-')), 'models.json');
  fs.writeFileSync(modelsFile, fakeModelsFile(fake.url));
});
afterAll(async () => {
  await fake.close();
});

const ask = (t: TestApp, user: TestUser, i: number, image?: Blob, prompt = `question ${i}`) => {
  const form = new FormData();
  form.append('Prompt', prompt);
  form.append('Chat_Id', 'chat1');
  form.append('Request_Id', `req_${i}`);
  if (image) form.append('image_file', image, 'x.png');
  return fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
    method: 'POST',
    headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}` },
    body: form,
  });
};
const usedBy = async (t: TestApp, user: TestUser) =>
  (await (await fetch(`${t.baseUrl}/api/v1/me/usage`, { headers: { authorization: `Bearer ${user.accessToken}` } })).json()) as {
    used: number;
    requests: number;
  };

/** Fires 50 answers at once, spread over the given instances; returns the statuses. */
async function fire(apps: TestApp[], user: TestUser) {
  const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(apps[i % apps.length] as TestApp, user, i)));
  return responses.map((r) => r.status);
}
const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

describe('quota under parallel answers', () => {
  it('never spends more than the allowance plus one answer under 50 parallel answers (one instance)', async () => {
    const t = await startTestApp({ MODELS_FILE: modelsFile, FREE_PLAN_TOKENS: String(ALLOWANCE) });
    try {
      const user = await createVerifiedUser(t);
      const statuses = await fire([t], user);
      const { used, requests } = await usedBy(t, user);
      process.stdout.write(
        `quota race, one instance: ${count(statuses, 200)} answered, ${count(statuses, 402)} x 402, ${count(statuses, 429)} x 429; used ${used} of ${ALLOWANCE} (overrun ${Math.max(0, used - ALLOWANCE)})\n`,
      );
      expect(statuses.every((s) => [200, 402, 429].includes(s))).toBe(true);
      expect(count(statuses, 200)).toBeGreaterThanOrEqual(1);
      expect(requests).toBe(count(statuses, 200));
      expect(used).toBeLessThanOrEqual(ALLOWANCE + COST);
    } finally {
      await t.close();
    }
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never spends more than the allowance plus one answer under 50 parallel answers on two instances sharing PostgreSQL',
    async () => {
      const env = { MODELS_FILE: modelsFile, FREE_PLAN_TOKENS: String(ALLOWANCE), JWT_SECRET: 'quota-race-shared-secret-0123456789abcdef' };
      const a = await startTestApp(env);
      const b = await startTestApp(env, { database: a.config.DATABASE_URL });
      try {
        const user = await createVerifiedUser(a);
        const statuses = await fire([a, b], user);
        // Each instance writes its settlements behind its answers (within 10 ms): b sees a's shortly.
        await expect.poll(async () => (await usedBy(b, user)).requests).toBe(count(statuses, 200));
        const { used, requests } = await usedBy(b, user);
        process.stdout.write(
          `quota race, two instances on PostgreSQL: ${count(statuses, 200)} answered, ${count(statuses, 402)} x 402, ${count(statuses, 429)} x 429; used ${used} of ${ALLOWANCE} (overrun ${Math.max(0, used - ALLOWANCE)})\n`,
        );
        expect(statuses.every((s) => [200, 402, 429].includes(s))).toBe(true);
        expect(requests).toBe(count(statuses, 200));
        expect(used).toBeLessThanOrEqual(ALLOWANCE + COST);
      } finally {
        await b.close();
        await a.close();
      }
    },
    120_000,
  );

  it('answers 429 TOO_MANY_ANSWERS beyond four answers in flight for one user', async () => {
    const t = await startTestApp({ MODELS_FILE: modelsFile, MAX_ANSWERS_PER_USER: '4' });
    try {
      const user = await createVerifiedUser(t);
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(t, user, i, undefined, `slow question ${i}`)));
      const refused = responses.filter((r) => r.status === 429);
      // Each model takes 2.5 s: all eight are in flight together, four are admitted.
      expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
      expect(refused).toHaveLength(4);
      expect(((await refused[0]?.json()) as { code: string } | undefined)?.code).toBe('TOO_MANY_ANSWERS');
      expect(refused[0]?.headers.get('retry-after')).toBeTruthy();
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a spent user with 402 before re-encoding the image (an unreadable image still answers 402)', async () => {
    const t = await startTestApp({ MODELS_FILE: modelsFile });
    try {
      const spent = await createVerifiedUser(t);
      await t.db.insert(usage).values({ userId: spent.id, month: new Date().toISOString().slice(0, 7), tokens: 50_000, requests: 1 });
      const garbage = new Blob([Buffer.from('not an image at all')], { type: 'image/png' });
      const res = await ask(t, spent, 1, garbage);
      expect(res.status).toBe(402);
      expect(((await res.json()) as { code: string }).code).toBe('QUOTA_EXCEEDED');
      // The same image from a user with allowance left is refused as unreadable, and charged nothing.
      const fresh = await createVerifiedUser(t);
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      expect((await ask(t, fresh, 2, garbage)).status).toBe(400);
      expect((await ask(t, fresh, 3, new Blob([new Uint8Array(png)], { type: 'image/png' }))).status).toBe(200);
      expect((await usedBy(t, fresh)).requests).toBe(1);
    } finally {
      await t.close();
    }
  }, 120_000);
});
