import { describe, expect, it } from 'vitest';
import { computeRatings, seededRandom, type Vote } from '@/modules/arena/arena.ratings';

const SCALE = 400 / Math.LN10;

/** Votes drawn from Davidson's model with known scores (Arena scale, centred on 1000) and tie parameter nu. */
function simulate({ scores, votes, nu, seed }: { scores: number[]; votes: number; nu: number; seed: number }): Vote[] {
  const random = seededRandom(seed);
  const p = scores.map((s) => Math.exp((s - 1000) / SCALE));
  const out: Vote[] = [];
  for (let n = 0; n < votes; n += 1) {
    const i = Math.floor(random() * scores.length);
    let j = Math.floor(random() * (scores.length - 1));
    if (j >= i) j += 1;
    const pi = p[i] ?? 1;
    const pj = p[j] ?? 1;
    const tie = nu * Math.sqrt(pi * pj);
    const u = random() * (pi + pj + tie);
    const winner = u < pi ? 'a' : u < pi + pj ? 'b' : random() < 0.5 ? 'tie' : 'both_bad';
    out.push({ a: `m${i}`, b: `m${j}`, winner });
  }
  return out;
}

function spearman(x: number[], y: number[]) {
  const rank = (v: number[]) => {
    const order = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    order.forEach((o, k) => {
      r[o.i] = k;
    });
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  const n = x.length;
  const d2 = rx.reduce((s, r, i) => s + (r - (ry[i] ?? 0)) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

// Ten models 40 points apart, centred on 1000 (the estimator's anchor): 820 ... 1180.
const TRUE_SCORES = Array.from({ length: 10 }, (_, i) => 820 + 40 * i);

describe('arena ratings (Davidson–Bradley–Terry, bootstrap intervals)', () => {
  it('recovers the ranking of ten models with known strengths at 5,000 votes (Spearman at least 0.9)', () => {
    const votes = simulate({ scores: TRUE_SCORES, votes: 5_000, nu: 0.4, seed: 7 });
    const ratings = computeRatings({ votes, rounds: 50 });
    const estimated = TRUE_SCORES.map((_, i) => ratings.find((r) => r.modelId === `m${i}`)?.score ?? 0);
    const rho = spearman(TRUE_SCORES, estimated);
    console.warn(`[arena] Spearman rank correlation at 5,000 votes: ${rho.toFixed(4)}`);
    expect(rho).toBeGreaterThanOrEqual(0.9);
    // The scale is Arena's: the estimated spread matches the true one within a few points per model.
    for (let i = 0; i < TRUE_SCORES.length; i += 1) expect(Math.abs((estimated[i] ?? 0) - (TRUE_SCORES[i] ?? 0))).toBeLessThan(40);
  });

  it('95 % bootstrap intervals cover the true scores at about their nominal rate', () => {
    let covered = 0;
    let total = 0;
    for (let trial = 0; trial < 20; trial += 1) {
      const votes = simulate({ scores: TRUE_SCORES, votes: 5_000, nu: 0.4, seed: 100 + trial });
      for (const r of computeRatings({ votes, rounds: 200, seed: trial + 1 })) {
        const truth = TRUE_SCORES[Number(r.modelId.slice(1))] ?? 0;
        total += 1;
        if (r.lower <= truth && truth <= r.upper) covered += 1;
      }
    }
    const coverage = covered / total;
    console.warn(`[arena] 95 % interval coverage over ${total} intervals: ${(coverage * 100).toFixed(1)} %`);
    expect(coverage).toBeGreaterThanOrEqual(0.88);
    expect(coverage).toBeLessThanOrEqual(1);
  });

  it('a model that wins every battle ranks first with a finite score, and tied models score alike', () => {
    const votes: Vote[] = [];
    for (let n = 0; n < 60; n += 1) {
      votes.push({ a: 'best', b: 'x', winner: 'a' }, { a: 'y', b: 'best', winner: 'b' }, { a: 'x', b: 'y', winner: 'tie' });
    }
    const ratings = computeRatings({ votes, rounds: 20 });
    expect(ratings[0]?.modelId).toBe('best');
    expect(Number.isFinite(ratings[0]?.score)).toBe(true);
    const x = ratings.find((r) => r.modelId === 'x')?.score ?? 0;
    const y = ratings.find((r) => r.modelId === 'y')?.score ?? 0;
    expect(Math.abs(x - y)).toBeLessThan(1);
    expect(ratings.reduce((s, r) => s + r.score, 0) / ratings.length).toBeCloseTo(1000, 6);
    for (const r of ratings) expect(r.lower).toBeLessThanOrEqual(r.upper);
  });

  it('counts a battle once for each of its two models', () => {
    const ratings = computeRatings({ votes: [{ a: 'p', b: 'q', winner: 'a' }], rounds: 0 });
    expect(ratings.map((r) => r.votes)).toEqual([1, 1]);
  });
});
