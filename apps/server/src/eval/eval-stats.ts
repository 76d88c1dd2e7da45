/** The 97.5th percentile of the standard normal distribution (two-sided 95 %). */
const Z95 = 1.959963984540054;

export type RateWithInterval = { rate: number; low: number; high: number };

/**
 * k successes out of n as a rate with its 95 % Wilson score interval: unlike the normal
 * approximation it stays inside 0..1 and is honest at 0 or n successes and at small n.
 * n = 0 gives a rate of 0 and the whole range 0..1 (nothing is known).
 */
export function wilson(k: number, n: number, z = Z95): RateWithInterval {
  if (n === 0) return { rate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export type Verdict = 'win' | 'tie' | 'loss';

/** Win, tie and loss counts of the fused answer against one proposer, with their rates and intervals. */
export type Tally = {
  n: number;
  win: number;
  tie: number;
  loss: number;
  winRate: RateWithInterval;
  tieRate: RateWithInterval;
  lossRate: RateWithInterval;
};

export function tally(verdicts: Verdict[]): Tally {
  const n = verdicts.length;
  const count = (v: Verdict) => verdicts.filter((x) => x === v).length;
  const [win, tie, loss] = [count('win'), count('tie'), count('loss')];
  return { n, win, tie, loss, winRate: wilson(win, n), tieRate: wilson(tie, n), lossRate: wilson(loss, n) };
}
