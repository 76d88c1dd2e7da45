// Time to recompute the arena's ratings (Davidson–Bradley–Terry fit plus 200 bootstrap rounds) for
// 100,000 votes among 20 models, with the machine floor measured in the same run: a trivial loop that
// draws one random number per vote per round (the least any bootstrap of that size must do).
// Run with: npx tsx bench/arena-ratings.mjs
const { computeRatings, seededRandom } = await import('../apps/server/src/modules/arena/arena.ratings.ts').catch(() => {
  throw new Error('Run with: npx tsx bench/arena-ratings.mjs');
});

const VOTES = 100_000;
const MODELS = 20;
const ROUNDS = 200;
const random = seededRandom(42);
const strengths = Array.from({ length: MODELS }, (_, i) => Math.exp((i - MODELS / 2) * 0.1));
const votes = [];
for (let n = 0; n < VOTES; n += 1) {
  const i = Math.floor(random() * MODELS);
  let j = Math.floor(random() * (MODELS - 1));
  if (j >= i) j += 1;
  const pi = strengths[i];
  const pj = strengths[j];
  const tie = 0.3 * Math.sqrt(pi * pj);
  const u = random() * (pi + pj + tie);
  votes.push({ a: `model-${i}`, b: `model-${j}`, winner: u < pi ? 'a' : u < pi + pj ? 'b' : 'tie' });
}

function floor() {
  const r = seededRandom(1);
  let sum = 0;
  const start = performance.now();
  for (let round = 0; round < ROUNDS + 1; round += 1) for (let n = 0; n < VOTES; n += 1) sum += Math.floor(r() * VOTES) & 1;
  return { ms: performance.now() - start, sum };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = [];
const floors = [];
for (let r = 0; r < 3; r += 1) {
  floors.push(floor().ms);
  const start = performance.now();
  computeRatings({ votes, rounds: ROUNDS });
  runs.push(performance.now() - start);
}
const pointStart = performance.now();
computeRatings({ votes, rounds: 0 });
const point = performance.now() - pointStart;
console.log(`votes=${VOTES} models=${MODELS} bootstrap_rounds=${ROUNDS}`);
console.log(`recompute (fit + bootstrap), median of 3: ${median(runs).toFixed(0)} ms`);
console.log(`point fit only: ${point.toFixed(0)} ms`);
console.log(`machine floor (one random draw per vote per round, ${ROUNDS + 1} x ${VOTES}): ${median(floors).toFixed(0)} ms`);
console.log(`ratio to floor: ${(median(runs) / median(floors)).toFixed(2)}x`);
