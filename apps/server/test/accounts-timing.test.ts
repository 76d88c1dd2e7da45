import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { startTestApp, type TestApp } from './helper';
import { post } from './users';

/** Issue 11 item 12: forgot-password must not answer faster for unknown addresses. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** Mann-Whitney U as a z-score (ties get mid-ranks): robust to the outliers a shared machine adds. */
const mannWhitneyZ = (a: number[], b: number[]) => {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.v === all[i]?.v) j += 1;
    for (let k = i; k <= j; k += 1) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankA = all.reduce((sum, x, i) => (x.g === 0 ? sum + (ranks[i] ?? 0) : sum), 0);
  const u = rankA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
};

describe('forgot-password timing', () => {
  it('answers known and unknown addresses in the same time (40 + 40 requests: paired medians and a rank test)', async () => {
    const N = 40;
    const ROUNDS = 3;
    const tag = Date.now();
    const known = Array.from({ length: N * ROUNDS }, (_, i) => `known${i}-${tag}@example.com`);
    // Known accounts made directly (the password hash is never checked here).
    await t.db.insert(users).values(
      known.map((email, i) => ({
        email,
        username: `known${i}x${tag % 100000}`,
        name: 'Known User',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA',
        emailVerifiedAt: new Date(),
      })),
    );
    const time = async (email: string) => {
      const start = performance.now();
      const res = await post(t, '/api/v1/forgot-password', { email });
      const ms = performance.now() - start;
      expect(res.status).toBe(200);
      return ms;
    };
    // Warm up both paths (JIT, connection, prepared queries).
    for (let i = 0; i < 10; i += 1) await time(`warmup${i}-${tag}@example.com`);
    type Round = { pairedMedian: number; z: number; mk: number; mu: number };
    const rounds: Round[] = [];
    // Alike: the median paired difference within 0.6 ms plus 5% of the median time, and no rank shift.
    const clean = (r: Round) => Math.abs(r.pairedMedian) < 0.6 + 0.05 * Math.min(r.mk, r.mu) && Math.abs(r.z) < 3;
    // A shared machine can be busy for a whole round: up to 3 rounds, and one clean round passes. A real
    // difference (issue 11 measured 1.8 ms) shows in every round.
    for (let round = 0; round < ROUNDS; round += 1) {
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      const paired: number[] = [];
      for (let i = 0; i < N; i += 1) {
        const k = known[round * N + i] ?? '';
        const u = `unknown${round * N + i}-${tag}@example.com`;
        // Each pair back to back, in a random order, so drift on a shared machine hits both alike.
        const [km, um] = Math.random() < 0.5 ? [await time(k), await time(u)] : (([b, a]) => [a, b])([await time(u), await time(k)]);
        knownMs.push(km ?? 0);
        unknownMs.push(um ?? 0);
        paired.push((km ?? 0) - (um ?? 0));
      }
      const r = { pairedMedian: median(paired), z: mannWhitneyZ(knownMs, unknownMs), mk: median(knownMs), mu: median(unknownMs) };
      rounds.push(r);
      if (clean(r)) break;
    }
    // Before the fix every round differed by 2 to 5.6 ms (40 to 60% of the median, z 3.2 to 5).
    expect(rounds.some(clean), JSON.stringify(rounds)).toBe(true);
  });
});
