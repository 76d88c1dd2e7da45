import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeModelsFile } from '@sangam/test-fakes/fake-llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arenaBattles } from '@/db/schema';
import { type ArenaTest, type BattleBody, battle, battlesVotingFor, call, createVerifiedUser, startArenaTest, vote } from './arena-helper';
import { logStreamInto, startTestApp } from './helper';
import type { TestUser } from './users';

const lines: string[] = [];
const logStream = logStreamInto(lines);

let a: ArenaTest;
let user: TestUser;
let other: TestUser;
/** Each proposer answers with a text that names no model; the test maps it back. */
const REPLIES: Record<string, string> = {
  alpha: 'First style of answer.',
  beta: 'Second style of answer.',
  gamma: 'Third style of answer.',
};
/** The stored row of a battle (its id is the part of the battle id before the signature). */
const storedBattle = async (b: BattleBody) =>
  (
    await a.t.db
      .select()
      .from(arenaBattles)
      .where(eq(arenaBattles.id, b.battleId.split('.')[0] ?? ''))
  )[0];
const modelOf = (text: string) => Object.entries(REPLIES).find(([, r]) => r === text)?.[0];

beforeAll(async () => {
  a = await startArenaTest(
    { ARENA_MIN_VOTES: '6', ARENA_BURST_VOTES: '1000', ARENA_DAILY_VOTES: '1000', LOG_LEVEL: 'info' },
    { logStream },
  );
  for (const [model, reply] of Object.entries(REPLIES)) a.fake.behave(model, { reply });
  a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Reasoning' }) });
  user = await createVerifiedUser(a.t);
  other = await createVerifiedUser(a.t);
});
afterAll(async () => a.close());

describe('arena battles over HTTP', () => {
  it('answers blind: a signed id and two answers A and B, no model id or name anywhere', async () => {
    const res = await call(a.t, 'POST', '/api/v1/arena/battles', { user, body: { prompt: 'Explain recursion simply' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['answers', 'battleId', 'expiresAt']);
    expect(String(res.body.battleId)).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    const text = JSON.stringify(res.body);
    for (const name of ['alpha', 'beta', 'gamma', 'Alpha GPT', 'Beta Claude', 'Gamma Gemini']) expect(text).not.toContain(name);
    const { A, B } = res.body.answers as { A: string; B: string };
    expect(modelOf(A)).toBeDefined();
    expect(modelOf(B)).toBeDefined();
    expect(modelOf(A)).not.toBe(modelOf(B));
  });

  it('draws pairs fairly: after 30 battles among 3 models every pair fought 10 times and both sides were used', async () => {
    const fresh = await startArenaTest();
    try {
      const u = await createVerifiedUser(fresh.t);
      for (const [model, reply] of Object.entries(REPLIES)) fresh.fake.behave(model, { reply });
      fresh.fake.behave('refiner', { reply: JSON.stringify({ category: 'Reasoning' }) });
      const pairs = new Map<string, number>();
      const sideA = new Map<string, number>();
      for (let i = 0; i < 30; i += 1) {
        const b = await battle(fresh.t, u, `Question number ${i}`);
        const x = modelOf(b.answers.A) ?? '';
        const y = modelOf(b.answers.B) ?? '';
        const key = [x, y].sort().join('-');
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
        sideA.set(x, (sideA.get(x) ?? 0) + 1);
      }
      expect(Object.fromEntries(pairs)).toEqual({ 'alpha-beta': 10, 'alpha-gamma': 10, 'beta-gamma': 10 });
      // A coin picks the side: every model appeared as Model A at least once.
      expect([...sideA.keys()].sort()).toEqual(['alpha', 'beta', 'gamma']);
    } finally {
      await fresh.close();
    }
  });

  it('a vote locks the battle and only then reveals the names of Model A and Model B', async () => {
    const b = await battle(a.t, user);
    const res = await vote(a.t, user, b.battleId, 'a');
    expect(res.status).toBe(200);
    const models = res.body.models as { A: { id: string; name: string }; B: { id: string; name: string } };
    expect(models.A.id).toBe(modelOf(b.answers.A));
    expect(models.B.id).toBe(modelOf(b.answers.B));
    expect(models.A.name).toMatch(/GPT|Claude|Gemini/);
    const again = await vote(a.t, user, b.battleId, 'b');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BATTLE_ALREADY_VOTED');
    const row = await storedBattle(b);
    expect(row?.winner).toBe('a');
  });

  it('two simultaneous votes on one battle: exactly one wins, the other is 409', async () => {
    const b = await battle(a.t, user);
    const results = await Promise.all([
      vote(a.t, user, b.battleId, 'a'),
      vote(a.t, user, b.battleId, 'b'),
      vote(a.t, user, b.battleId, 'tie'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it("another user's battle is 404 BATTLE_NOT_FOUND, the same answer as a forged or altered id", async () => {
    const b = await battle(a.t, user);
    const stranger = await vote(a.t, other, b.battleId, 'a');
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('BATTLE_NOT_FOUND');
    const [id, mac] = b.battleId.split('.');
    const altered = `${id?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${mac}`;
    for (const bad of [altered, `${id}.AAAA`, id ?? '', 'nonsense']) {
      const res = await vote(a.t, user, bad, 'a');
      expect([res.status, res.body]).toEqual([404, stranger.body]);
    }
    // The battle is still open for its own user.
    expect((await vote(a.t, user, b.battleId, 'tie')).status).toBe(200);
  });

  it('with a single configured model the arena answers 503 ARENA_NEEDS_TWO_MODELS and calls no model', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-'));
    const file = path.join(dir, 'models.json');
    const one = JSON.parse(fakeModelsFile(a.fake.url)) as { models: Array<{ id: string }> };
    fs.writeFileSync(file, JSON.stringify({ models: one.models.filter((m) => m.id !== 'beta' && m.id !== 'gamma') }));
    const solo = await startTestApp({ MODELS_FILE: file });
    try {
      const u = await createVerifiedUser(solo);
      const before = a.fake.requests.length;
      const res = await call(solo, 'POST', '/api/v1/arena/battles', { user: u, body: { prompt: 'Anyone there?' } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('ARENA_NEEDS_TWO_MODELS');
      expect(a.fake.requests.length).toBe(before);
    } finally {
      await solo.close();
    }
  });

  it('bad input is a clear 4xx: empty or long prompt, unknown winner, not signed in', async () => {
    expect((await call(a.t, 'POST', '/api/v1/arena/battles', { user, body: { prompt: '  ' } })).body.code).toBe('VALIDATION_FAILED');
    expect((await call(a.t, 'POST', '/api/v1/arena/battles', { user, body: { prompt: 'x'.repeat(4001) } })).status).toBe(400);
    expect((await call(a.t, 'POST', '/api/v1/arena/battles', { user, body: {} })).status).toBe(400);
    expect((await call(a.t, 'POST', '/api/v1/arena/battles', { body: { prompt: 'hi' } })).status).toBe(401);
    const b = await battle(a.t, user);
    const res = await vote(a.t, user, b.battleId, 'alpha');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect((await call(a.t, 'POST', `/api/v1/arena/battles/${b.battleId}/vote`, { body: { winner: 'a' } })).status).toBe(401);
  });

  it('assigns the category by the classification call and the language from the script', async () => {
    a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Creative' }), match: 'ग्रहों' });
    const b = await battle(a.t, user, 'सौर मंडल के ग्रहों के बारे में एक कविता लिखिए');
    const row = await storedBattle(b);
    expect(row).toMatchObject({ category: 'Creative', categorySource: 'model', language: 'hi' });
  });

  it('falls back to the keyword classifier when the classification call fails', async () => {
    a.fake.behave('refiner', { fail: 'http500', match: 'reverse a linked list' });
    const b = await battle(a.t, user, 'Write a Python function to reverse a linked list');
    const row = await storedBattle(b);
    expect(row).toMatchObject({ category: 'Coding', categorySource: 'keywords', language: 'en' });
  });

  it('a model that fails makes the battle 502 ARENA_MODEL_FAILED, stores nothing, and logs neither prompt nor answer', async () => {
    const before = (await a.t.db.select().from(arenaBattles)).length;
    for (const m of ['alpha', 'beta', 'gamma']) a.fake.behave(m, { fail: 'http500', match: 'secret-prompt-7788' });
    const res = await call(a.t, 'POST', '/api/v1/arena/battles', { user, body: { prompt: 'secret-prompt-7788 tell me' } });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('ARENA_MODEL_FAILED');
    expect((await a.t.db.select().from(arenaBattles)).length).toBe(before);
    const log = lines.join('');
    expect(log).toContain('model call failed');
    expect(log).not.toContain('secret-prompt-7788');
    expect(log).not.toContain('upstream exploded');
  });
});

describe('leaderboard and feedback over HTTP', () => {
  it('is public, lists the ten categories and the tools, and stays a labelled sample below the minimum of votes', async () => {
    const res = await call(a.t, 'GET', '/api/v1/leaderboard');
    expect(res.status).toBe(200);
    const cats = res.body.categories as Array<{ category: string; sample: boolean }>;
    expect(cats.map((c) => c.category)).toEqual(expect.arrayContaining(['Overall', 'Coding', 'Latest News', 'Multi-modal', 'Astrology']));
    expect(cats.find((c) => c.category === 'Latest News')?.sample).toBe(true);
    expect(res.body.minVotes).toBe(6);
  });

  it('ranks from the votes once a category has enough: the model that always wins is first, with a 95 % interval and its votes', async () => {
    const voter = await createVerifiedUser(a.t);
    const prompts = Array.from({ length: 9 }, (_, i) => `Which is the capital of country ${i}?`);
    await battlesVotingFor(a.t, voter, 'alpha', prompts, modelOf);
    await expect
      .poll(async () => {
        const res = await call(a.t, 'GET', '/api/v1/leaderboard');
        const overall = (res.body.categories as Array<{ category: string; votes: number }>).find((c) => c.category === 'Overall');
        return overall?.votes ?? 0;
      })
      .toBeGreaterThanOrEqual(12);
    const res = await call(a.t, 'GET', '/api/v1/leaderboard');
    type Row = { rank: number; modelId: string; modelName: string; score: number; lower: number; upper: number; votes: number };
    const overall = (res.body.categories as Array<{ category: string; sample: boolean; lastVoteAt: string | null; rows: Row[] }>).find(
      (c) => c.category === 'Overall',
    );
    expect(overall?.sample).toBe(false);
    expect(overall?.lastVoteAt).not.toBeNull();
    expect(overall?.rows[0]).toMatchObject({ rank: 1, modelId: 'alpha', modelName: 'Alpha GPT' });
    for (const row of overall?.rows ?? []) {
      expect(row.lower).toBeLessThanOrEqual(row.score);
      expect(row.upper).toBeGreaterThanOrEqual(row.score);
      expect(row.votes).toBeGreaterThan(0);
    }
    expect(res.body.computedAt).toEqual(expect.any(String));
  });

  it('stores likes and unlikes separately, shows them on the model row, and leaves the ranking alone', async () => {
    const before = await call(a.t, 'GET', '/api/v1/leaderboard');
    const scores = (before.body.categories as Array<{ category: string; rows: Array<{ modelId: string; score: number }> }>)
      .find((c) => c.category === 'Overall')
      ?.rows.map((r) => [r.modelId, r.score]);
    expect((await call(a.t, 'POST', '/api/v1/arena/feedback', { user, body: { modelId: 'beta', value: 'like' } })).status).toBe(204);
    expect((await call(a.t, 'POST', '/api/v1/arena/feedback', { user: other, body: { modelId: 'beta', value: 'unlike' } })).status).toBe(
      204,
    );
    // The same user changing their mind replaces their feedback.
    await call(a.t, 'POST', '/api/v1/arena/feedback', { user: other, body: { modelId: 'beta', value: 'like' } });
    await expect
      .poll(async () => {
        const res = await call(a.t, 'GET', '/api/v1/leaderboard');
        const rows = (
          res.body.categories as Array<{ category: string; rows: Array<{ modelId: string; likes: number; unlikes: number }> }>
        ).find((c) => c.category === 'Overall')?.rows;
        return rows?.find((r) => r.modelId === 'beta');
      })
      .toMatchObject({ likes: 2, unlikes: 0 });
    const after = await call(a.t, 'GET', '/api/v1/leaderboard');
    expect(
      (after.body.categories as Array<{ category: string; rows: Array<{ modelId: string; score: number }> }>)
        .find((c) => c.category === 'Overall')
        ?.rows.map((r) => [r.modelId, r.score]),
    ).toEqual(scores);
  });

  it('feedback on an unknown model or with a bad value is 400, and needs a session', async () => {
    expect((await call(a.t, 'POST', '/api/v1/arena/feedback', { user, body: { modelId: 'nope', value: 'like' } })).body.code).toBe(
      'MODEL_UNKNOWN',
    );
    expect((await call(a.t, 'POST', '/api/v1/arena/feedback', { user, body: { modelId: 'beta', value: 'love' } })).status).toBe(400);
    expect(
      (await call(a.t, 'POST', '/api/v1/arena/feedback', { user, body: { modelId: 'beta', value: 'like', chatId: 'x' } })).status,
    ).toBe(400);
    expect((await call(a.t, 'POST', '/api/v1/arena/feedback', { body: { modelId: 'beta', value: 'like' } })).status).toBe(401);
  });
});
