import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arenaBattles } from '@/db/schema';
import { type ArenaTest, type BattleBody, battle, battlesVotingFor, call, createVerifiedUser, startArenaTest } from './arena-helper';
import type { TestUser } from './users';

const MIN_VOTES = 4;
/** The recomputation runs off the request path; a loaded machine may take some seconds. */
const POLL = { timeout: 20_000, interval: 200 };
let a: ArenaTest;
let voter: TestUser;
const REPLIES: Record<string, string> = {
  alpha: 'First style of answer.',
  beta: 'Second style of answer.',
  gamma: 'Third style of answer.',
};
const modelOf = (text: string) => Object.entries(REPLIES).find(([, r]) => r === text)?.[0];
const storedLanguage = async (b: BattleBody) =>
  (
    await a.t.db
      .select({ language: arenaBattles.language })
      .from(arenaBattles)
      .where(eq(arenaBattles.id, b.battleId.split('.')[0] ?? ''))
  )[0]?.language;

type Row = { rank: number; modelId: string; votes: number };
type Category = { category: string; votes: number; sample: boolean; rows: Row[] };
type Board = { language: string | null; minVotes: number; categories: Category[] };
const board = async (language?: string) => {
  const res = await call(a.t, 'GET', `/api/v1/leaderboard${language ? `?language=${language}` : ''}`);
  expect(res.status).toBe(200);
  return res.body as unknown as Board;
};
const overall = (b: Board) => b.categories.find((c) => c.category === 'Overall');

const tamil = (i: number) => `கணினி நிரலாக்கம் பற்றி எளிமையாக விளக்குங்கள் ${i}`;
const english = (i: number) => `Explain how a compiler works, part ${i}`;

beforeAll(async () => {
  a = await startArenaTest({ ARENA_MIN_VOTES: String(MIN_VOTES), ARENA_BURST_VOTES: '1000', ARENA_DAILY_VOTES: '1000' });
  for (const [model, reply] of Object.entries(REPLIES)) a.fake.behave(model, { reply });
  a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Reasoning' }) });
  voter = await createVerifiedUser(a.t);
});
afterAll(async () => a.close());

describe('the language of a battle', () => {
  it('is stored from the question: Tamil as ta, Hindi in Devanagari and romanised Hindi as hi, English as en', async () => {
    expect(await storedLanguage(await battle(a.t, voter, 'வானம் ஏன் நீலமாக இருக்கிறது?'))).toBe('ta');
    expect(await storedLanguage(await battle(a.t, voter, 'आसमान नीला क्यों होता है?'))).toBe('hi');
    expect(await storedLanguage(await battle(a.t, voter, 'mujhe batao aasman neela kyun hai'))).toBe('hi');
    expect(await storedLanguage(await battle(a.t, voter, 'Why is the sky blue?'))).toBe('en');
  });
});

describe('the leaderboard of one language', () => {
  it('a hostile or unknown language is 400 VALIDATION_FAILED', async () => {
    for (const query of ['xx', 'TA', 'ta%27%20OR%201%3D1--', '%3Cscript%3E', 'ta&language=hi', '']) {
      const res = await call(a.t, 'GET', `/api/v1/leaderboard?language=${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('stays the sample below the minimum of Tamil votes, however many votes other languages have', async () => {
    // English votes always for beta: every pair meets twice, so the Tamil battles draw every pair too.
    await battlesVotingFor(a.t, voter, 'beta', [0, 1, 2, 3, 4, 5].map(english), modelOf);
    await battlesVotingFor(a.t, voter, 'alpha', [0, 1, 2].map(tamil), modelOf);
    await expect.poll(async () => overall(await board())?.votes, POLL).toBe(9);
    const ta = await board('ta');
    expect(ta.language).toBe('ta');
    expect(ta.minVotes).toBe(MIN_VOTES);
    expect(overall(ta)).toMatchObject({ votes: 3, sample: true, rows: [] });
    expect(overall(await board())).toMatchObject({ sample: false });
  });

  it('ranks from the Tamil votes only once they reach the minimum; other languages stay samples', async () => {
    await battlesVotingFor(a.t, voter, 'alpha', [3].map(tamil), modelOf);
    await expect.poll(async () => overall(await board('ta'))?.votes, POLL).toBe(MIN_VOTES);
    const ta = await board('ta');
    const tamilOverall = overall(ta);
    expect(tamilOverall?.sample).toBe(false);
    // Tamil voters prefer alpha, English voters beta: each ranking follows its own votes.
    expect(tamilOverall?.rows[0]).toMatchObject({ rank: 1, modelId: 'alpha' });
    expect(overall(await board('en'))?.rows[0]).toMatchObject({ rank: 1, modelId: 'beta' });
    expect(overall(await board())?.votes).toBe(6 + MIN_VOTES);
    // Each vote counts for its two models: the Tamil rows hold the four Tamil votes and nothing else.
    expect(tamilOverall?.rows.reduce((sum, r) => sum + r.votes, 0)).toBe(2 * MIN_VOTES);
    // The categories combine with the language: Reasoning has the same Tamil votes, Coding none.
    expect(ta.categories.find((c) => c.category === 'Reasoning')).toMatchObject({ votes: MIN_VOTES, sample: false });
    expect(ta.categories.find((c) => c.category === 'Coding')).toMatchObject({ votes: 0, sample: true });
    expect(overall(await board('hi'))).toMatchObject({ votes: 0, sample: true });
    expect(overall(await board('en'))).toMatchObject({ votes: 6, sample: false });
  });
});
