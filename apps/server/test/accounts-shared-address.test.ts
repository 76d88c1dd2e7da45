import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arenaBattles } from '@/db/schema';
import { type ArenaTest, battle, startArenaTest, vote } from './arena-helper';
import { type Browser, browser, busy, redisEnv, retryBusy, signInWithStepUp } from './shared-address-helper';
import { createVerifiedUser, loginForm, type TestUser } from './users';

/**
 * Issue 21 item 6: many real users behind one public address (carrier-grade NAT, campus networks).
 * Limits key on the account and the signed-in device; the address only counts failures.
 */
let a: ArenaTest;
beforeAll(async () => {
  a = await startArenaTest(redisEnv());
  a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Reasoning' }) });
}, 300_000);
afterAll(async () => a.close(), 300_000);

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map((x, j) => work(x, i + j)))));
  return out;
}
const tally = (xs: Array<string | number>) => {
  const by: Record<string, number> = {};
  for (const x of xs) by[x] = (by[x] ?? 0) + 1;
  return JSON.stringify(by);
};
/** The figures of the issue's closing note, printed with the test run. */
const report = (line: string) => process.stdout.write(`${line}\n`);
const users = (count: number) => inBatches(Array.from({ length: count }), 2, () => retryBusy(() => createVerifiedUser(a.t)));

describe('one address shared by many users', () => {
  it('120 users behind one address sign in, ask in the arena and vote, and every vote is counted', async () => {
    const shared = '100.64.21.1';
    const people = await users(120);
    const logins = await inBatches(people, 2, (u) =>
      retryBusy(
        () => loginForm(a.t, u.email, u.password, shared),
        (r) => r.status === 503,
      ),
    );
    const signedIn = logins.filter((r) => r.status === 200).length;
    const sessions: TestUser[] = people.map((u, i) => ({ ...u, accessToken: String(logins[i]?.body.access_token) }));
    const votes = await inBatches(sessions, 4, async (u, i) => {
      const b = await battle(a.t, u, `Why is the sky blue, part ${i}?`, shared);
      return { id: b.battleId.split('.')[0] ?? '', status: (await vote(a.t, u, b.battleId, i % 2 ? 'a' : 'b', shared)).status };
    });
    const counted = await a.t.db
      .select({ id: arenaBattles.id })
      .from(arenaBattles)
      .where(and(isNotNull(arenaBattles.winner), eq(arenaBattles.flagged, false)));
    const countedIds = new Set(counted.map((r) => r.id));
    const votesCounted = votes.filter((v) => v.status === 200 && countedIds.has(v.id)).length;
    report(
      `shared address, no attack: ${signedIn}/120 signed in (${tally(logins.map((r) => r.status))}); votes counted ${votesCounted}/120; busy answers retried ${busy.retries}`,
    );
    expect(signedIn).toBe(120);
    expect(votes.map((v) => v.status)).toEqual(votes.map(() => 200));
    expect(votesCounted).toBe(120);
  }, 900_000);

  it('during a wrong-password flood from the address every real user gets in (a known device directly, a new one by the mailed code) and the flood is held back', async () => {
    const flooded = '100.64.21.99';
    const people = await users(40);
    const browsers = people.map(() => browser(a.t, flooded));
    // The first half signed in from this address before, in browsers that kept the device cookie.
    for (let i = 0; i < 20; i += 1) {
      const u = people[i] as TestUser;
      expect(
        (
          await retryBusy(
            () => (browsers[i] as Browser).login(u.email, u.password),
            (r) => r.status === 503,
          )
        ).status,
      ).toBe(200);
    }
    const flood: Array<{ status: number; code?: string }> = [];
    const attack = async (i: number) => {
      const r = await browser(a.t, flooded).login(`stuffed${i}@example.com`, `Leaked!pass${i}`);
      flood.push({ status: r.status, code: r.body.code });
    };
    await inBatches(Array.from({ length: 60 }), 3, (_, i) => attack(i));
    const real = [];
    for (let i = 0; i < people.length; i += 1) {
      const u = people[i] as TestUser;
      const [, signIn] = await Promise.all([
        attack(100 + 2 * i),
        signInWithStepUp(a.t, browsers[i] as Browser, u.email, u.password),
        attack(101 + 2 * i),
      ]);
      real.push(signIn);
    }
    // A stuffer holding a real user's password, from a device the account does not know: the same
    // answer as a wrong password, and a guessed code fails like a wrong password with a code.
    const victim = people[30] as TestUser;
    const stuffer = browser(a.t, flooded);
    const right = await stuffer.login(victim.email, victim.password);
    const wrong = await stuffer.login(victim.email, 'Not!thepass1');
    expect([right.status, right.body]).toEqual([wrong.status, wrong.body]);
    expect(right.body.code).toBe('LOGIN_CODE_REQUIRED');
    const guessed = await stuffer.login(victim.email, victim.password, '123456');
    expect(guessed.status).not.toBe(200);
    expect(guessed.body).toEqual((await stuffer.login(victim.email, 'Not!thepass1', '123456')).body);

    const direct = real.filter((r) => r.how === 'direct' && r.answer.status === 200).length;
    const byCode = real.filter((r) => r.how === 'code' && r.answer.status === 200).length;
    const heldBack = flood.filter((r) => r.status !== 200 && r.code !== 'INVALID_CREDENTIALS').length;
    report(
      `flood from one address: ${direct} real users in directly (known device), ${byCode} by the mailed code, ${people.length - direct - byCode} not in; ` +
        `flood ${flood.length} attempts (${tally(flood.map((r) => `${r.status} ${r.code}`))}), ${heldBack} held back without a verdict; busy answers retried by real users ${busy.retries}`,
    );
    expect(real.map((r) => r.answer.status)).toEqual(real.map(() => 200));
    expect(real.slice(0, 20).every((r) => r.how === 'direct')).toBe(true);
    expect(real.slice(20).every((r) => r.how === 'code')).toBe(true);
    expect(flood.every((r) => r.status !== 200)).toBe(true);
    // Past the address's 50 failures, no flood attempt gets a verdict on its password.
    expect(flood.slice(60).every((r) => r.code === 'LOGIN_CODE_REQUIRED' || r.code === 'SERVER_BUSY')).toBe(true);
  }, 900_000);
});
