import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arenaBattles } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { type ArenaTest, battle, call, createVerifiedUser, startArenaTest, vote } from './arena-helper';

// Midday UTC, so that a few minutes' steps never cross midnight by accident.
const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
let a: ArenaTest;

beforeAll(async () => {
  a = await startArenaTest(
    {
      ARENA_BATTLE_TTL_SECONDS: '3600',
      ARENA_DAILY_VOTES: '4',
      ARENA_BURST_VOTES: '2',
      ARENA_BURST_WINDOW_SECONDS: '60',
      ARENA_MIN_VOTES: '1',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
    { clock },
  );
  a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Reasoning' }) });
});
afterAll(async () => a.close());

const flaggedOf = async (battleId: string) =>
  (
    await a.t.db
      .select()
      .from(arenaBattles)
      .where(eq(arenaBattles.id, battleId.split('.')[0] ?? ''))
  )[0]?.flagged;

describe('arena abuse limits (fake clock)', () => {
  it('a battle expires after an hour: voting then is 410 BATTLE_EXPIRED', async () => {
    const user = await createVerifiedUser(a.t);
    const b = await battle(a.t, user);
    clock.advance(3_600_000);
    const res = await vote(a.t, user, b.battleId, 'a');
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('BATTLE_EXPIRED');
  });

  it('a burst from one account is stored flagged and left out of the ratings; spaced votes count', async () => {
    const user = await createVerifiedUser(a.t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const b = await battle(a.t, user, `Burst question ${i}`);
      expect((await vote(a.t, user, b.battleId, 'tie')).status).toBe(200);
      ids.push(b.battleId);
    }
    expect(await Promise.all(ids.map(flaggedOf))).toEqual([false, false, true]);
    await expect
      .poll(async () => {
        const res = await call(a.t, 'GET', '/api/v1/leaderboard');
        return (res.body.categories as Array<{ category: string; votes: number }>).find((c) => c.category === 'Overall')?.votes;
      })
      .toBe(2);
    clock.advance(61_000);
    const spaced = await battle(a.t, user, 'A later question');
    expect((await vote(a.t, user, spaced.battleId, 'a')).status).toBe(200);
    expect(await flaggedOf(spaced.battleId)).toBe(false);
  });

  it('votes of several accounts from one shared address (carrier-grade NAT) are not a burst: each counts', async () => {
    const ip = '10.99.99.99';
    const flags: boolean[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await createVerifiedUser(a.t);
      const b = await battle(a.t, user, `Shared address ${i}`, ip);
      expect((await vote(a.t, user, b.battleId, 'b', ip)).status).toBe(200);
      flags.push(Boolean(await flaggedOf(b.battleId)));
    }
    expect(flags).toEqual([false, false, false]);
  });

  it('the daily vote cap (4 here, flagged votes included) refuses the fifth vote with 429 VOTE_CAP_REACHED, and lifts the next UTC day', async () => {
    clock.advance(120_000);
    const user = await createVerifiedUser(a.t);
    for (let i = 0; i < 4; i += 1) {
      const b = await battle(a.t, user, `Capped question ${i}`);
      expect((await vote(a.t, user, b.battleId, 'a')).status).toBe(200);
      clock.advance(61_000);
    }
    const fourth = await battle(a.t, user, 'One too many');
    const res = await vote(a.t, user, fourth.battleId, 'a');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('VOTE_CAP_REACHED');
    // The refused vote left the battle open; the next day (battle renewed) voting works again.
    clock.set(Date.UTC(2026, 10, 24, 0, 30, 0));
    const tomorrow = await battle(a.t, user, 'A new day');
    expect((await vote(a.t, user, tomorrow.battleId, 'a')).status).toBe(200);
  });

  it('an answer that names its own model makes the battle not blind: the vote is accepted, stored flagged and not counted', async () => {
    clock.advance(24 * 3_600_000);
    for (const [model, name] of [
      ['alpha', 'Alpha GPT'],
      ['beta', 'Beta Claude'],
      ['gamma', 'Gamma Gemini'],
    ] as const)
      a.fake.behave(model, { match: 'Who are you, really', reply: `Hello! I am ${name}, happy to help.` });
    const user = await createVerifiedUser(a.t);
    const named = await battle(a.t, user, 'Who are you, really?');
    const res = await vote(a.t, user, named.battleId, 'a');
    expect(res.status).toBe(200);
    expect(await flaggedOf(named.battleId)).toBe(true);
    clock.advance(61_000);
    const plain = await battle(a.t, user, 'What is a prime number?');
    expect((await vote(a.t, user, plain.battleId, 'a')).status).toBe(200);
    expect(await flaggedOf(plain.battleId)).toBe(false);
  });
});
