/**
 * Ratings from pairwise votes: maximum-likelihood Bradley–Terry with ties by Davidson's model.
 *
 * For models i and j with strengths p_i, p_j and tie parameter ν ≥ 0:
 *   P(i wins) = p_i / D,  P(j wins) = p_j / D,  P(tie) = ν·√(p_i·p_j) / D,  D = p_i + p_j + ν·√(p_i·p_j).
 * With ν = 0 this is plain Bradley–Terry. "Both are bad" counts as a tie (as LMArena does).
 * The likelihood is maximised by fixed-point (MM-type) iterations on p and ν (Hunter 2004, Davidson 1970):
 *   p_i ← (W_i + T_i/2) / Σ_j N_ij·(1 + (ν/2)·√(p_j/p_i)) / D_ij,   ν ← T / Σ_{i<j} N_ij·√(p_i·p_j) / D_ij,
 * where W_i counts wins, T_i ties and N_ij games. A weak prior keeps an unbeaten or winless model finite:
 * every pair that met gets PRIOR_WINS virtual wins each way.
 * Scores are on Arena's scale: 1000 + 400·log10(p_i / geometric mean of p), so the average model is 1000
 * and 400 points mean 10:1 odds. 95 % intervals are percentile bootstrap intervals over resampled votes.
 */

export type Outcome = 'a' | 'b' | 'tie' | 'both_bad';
export type Vote = { a: string; b: string; winner: Outcome };
export type Rating = { modelId: string; score: number; lower: number; upper: number; votes: number };

const PRIOR_WINS = 0.1;
const MAX_ITERATIONS = 2_000;
/** Largest change of a log-strength (about 2e-6 score points) at which the fit stops. */
const TOLERANCE = 1e-8;
const SCALE = 400 / Math.LN10;

/** Sufficient statistics: wins (a tie adds half to each side) and games per pair, in flat k×k arrays. */
type Tally = { k: number; wins: Float64Array; ties: Float64Array; games: Float64Array };

function emptyTally(k: number): Tally {
  return { k, wins: new Float64Array(k * k), ties: new Float64Array(k * k), games: new Float64Array(k * k) };
}

function addVote(t: Tally, a: number, b: number, winner: Outcome, weight = 1) {
  const ab = a * t.k + b;
  const ba = b * t.k + a;
  t.games[ab] = (t.games[ab] ?? 0) + weight;
  t.games[ba] = (t.games[ba] ?? 0) + weight;
  if (winner === 'a') t.wins[ab] = (t.wins[ab] ?? 0) + weight;
  else if (winner === 'b') t.wins[ba] = (t.wins[ba] ?? 0) + weight;
  else {
    t.ties[ab] = (t.ties[ab] ?? 0) + weight;
    t.ties[ba] = (t.ties[ba] ?? 0) + weight;
  }
}

/** Fits log-strengths (centred, natural log) by the fixed-point iterations; returns them and ν. */
export function fitDavidson(
  t: Tally,
  start?: { theta: Float64Array; nu: number },
): { theta: Float64Array; nu: number; iterations: number } {
  const { k, wins, ties, games } = t;
  const p = new Float64Array(k).fill(1);
  if (start) for (let i = 0; i < k; i += 1) p[i] = Math.exp(start.theta[i] ?? 0);
  const root = new Float64Array(k);
  // Numerator of each p_i's update: wins, half the ties, and the prior's virtual wins.
  const score = new Float64Array(k);
  let totalTies = 0;
  for (let i = 0; i < k; i += 1) {
    for (let j = 0; j < k; j += 1) {
      const g = games[i * k + j] ?? 0;
      if (i === j || g === 0) continue;
      score[i] = (score[i] ?? 0) + (wins[i * k + j] ?? 0) + (ties[i * k + j] ?? 0) / 2 + PRIOR_WINS;
      if (i < j) totalTies += ties[i * k + j] ?? 0;
    }
  }
  let nu = totalTies > 0 ? (start?.nu ?? 0.5) || 0.5 : 0;
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations += 1) {
    let change = 0;
    for (let i = 0; i < k; i += 1) root[i] = Math.sqrt(p[i] ?? 1);
    for (let i = 0; i < k; i += 1) {
      const pi = p[i] ?? 1;
      const ri = root[i] ?? 1;
      let denom = 0;
      for (let j = 0; j < k; j += 1) {
        const played = games[i * k + j] ?? 0;
        if (i === j || played === 0) continue;
        const pj = p[j] ?? 1;
        const rj = root[j] ?? 1;
        denom += ((played + 2 * PRIOR_WINS) * (1 + ((nu / 2) * rj) / ri)) / (pi + pj + nu * ri * rj);
      }
      const next = denom > 0 ? (score[i] ?? 0) / denom : pi;
      change = Math.max(change, Math.abs(Math.log(next / pi)));
      p[i] = next;
    }
    // Centre: geometric mean 1.
    let logSum = 0;
    for (let i = 0; i < k; i += 1) logSum += Math.log(p[i] ?? 1);
    const shift = Math.exp(-logSum / k);
    for (let i = 0; i < k; i += 1) p[i] = (p[i] ?? 1) * shift;
    if (totalTies > 0) {
      let expected = 0;
      for (let i = 0; i < k; i += 1)
        for (let j = i + 1; j < k; j += 1) {
          const g = games[i * k + j] ?? 0;
          if (g === 0) continue;
          const pi = p[i] ?? 1;
          const pj = p[j] ?? 1;
          const root = Math.sqrt(pi * pj);
          expected += (g * root) / (pi + pj + nu * root);
        }
      const nextNu = expected > 0 ? totalTies / expected : nu;
      change = Math.max(change, Math.abs(nextNu - nu));
      nu = nextNu;
    }
    if (change < TOLERANCE) break;
  }
  const theta = new Float64Array(k);
  for (let i = 0; i < k; i += 1) theta[i] = Math.log(p[i] ?? 1);
  return { theta, nu, iterations };
}

/** A small seeded generator (mulberry32), so a recomputation on the same votes gives the same intervals. */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const toScore = (theta: number) => 1000 + SCALE * theta;

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}

/**
 * Scores with 95 % percentile-bootstrap intervals: the votes are resampled with replacement
 * `rounds` times and refitted. Best first.
 */
export function computeRatings(input: { votes: Vote[]; rounds?: number; seed?: number }): Rating[] {
  const steps = ratingSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same, yielding to the event loop between bootstrap rounds so that requests keep being served. */
export async function computeRatingsAsync(input: { votes: Vote[]; rounds?: number; seed?: number }): Promise<Rating[]> {
  const steps = ratingSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The computation, one bootstrap round per step. */
function* ratingSteps({ votes, rounds = 200, seed = 1 }: { votes: Vote[]; rounds?: number; seed?: number }): Generator<void, Rating[]> {
  const ids = [...new Set(votes.flatMap((v) => [v.a, v.b]))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const k = ids.length;
  if (k < 2) return ids.map((modelId) => ({ modelId, score: 1000, lower: 1000, upper: 1000, votes: votes.length }));
  // Each vote as one cell (pair, outcome) of a k×k×3 table: a resample is then a count per cell.
  const cells = new Int32Array(votes.length);
  const counts = new Array<number>(k).fill(0);
  votes.forEach((v, n) => {
    const a = index.get(v.a) ?? 0;
    const b = index.get(v.b) ?? 0;
    cells[n] = (a * k + b) * 3 + (v.winner === 'a' ? 0 : v.winner === 'b' ? 1 : 2);
    counts[a] = (counts[a] ?? 0) + 1;
    counts[b] = (counts[b] ?? 0) + 1;
  });
  const tallyOf = (cellCounts: Float64Array) => {
    const t = emptyTally(k);
    for (let c = 0; c < cellCounts.length; c += 1) {
      const weight = cellCounts[c] ?? 0;
      if (weight === 0) continue;
      const pair = Math.floor(c / 3);
      const outcome = c % 3;
      addVote(t, Math.floor(pair / k), pair % k, outcome === 0 ? 'a' : outcome === 1 ? 'b' : 'tie', weight);
    }
    return t;
  };
  const all = new Float64Array(k * k * 3);
  for (const c of cells) all[c] = (all[c] ?? 0) + 1;
  const fit = fitDavidson(tallyOf(all));
  const point = fit.theta;
  const random = seededRandom(seed);
  const samples: number[][] = ids.map(() => []);
  const n = votes.length;
  const resample = new Float64Array(k * k * 3);
  for (let r = 0; r < rounds; r += 1) {
    resample.fill(0);
    for (let m = 0; m < n; m += 1) {
      const c = cells[Math.floor(random() * n)] ?? 0;
      resample[c] = (resample[c] ?? 0) + 1;
    }
    // Warm start from the full fit: a resample's maximum is close to it.
    const theta = fitDavidson(tallyOf(resample), fit).theta;
    for (let i = 0; i < k; i += 1) samples[i]?.push(toScore(theta[i] ?? 0));
    yield;
  }
  return ids
    .map((modelId, i) => {
      const sorted = (samples[i] ?? []).sort((x, y) => x - y);
      return {
        modelId,
        score: toScore(point[i] ?? 0),
        lower: rounds > 0 ? quantile(sorted, 0.025) : toScore(point[i] ?? 0),
        upper: rounds > 0 ? quantile(sorted, 0.975) : toScore(point[i] ?? 0),
        votes: counts[i] ?? 0,
      };
    })
    .sort((x, y) => y.score - x.score);
}
