/** How many battles each unordered pair of models has had (key: the two ids sorted, joined by a space). */
export type PairExposure = Map<string, number>;

export const pairKey = (x: string, y: string) => (x < y ? `${x} ${y}` : `${y} ${x}`);

/**
 * Fair draw: among every pair of the available models, the pairs with the fewest battles so far,
 * one of them uniformly at random, and a coin decides which model is A. Every pair is shown equally
 * often (give or take one), so every model gets the same exposure against every other.
 */
export function drawPair<T extends { id: string }>({
  models,
  exposure,
  random = Math.random,
}: {
  models: T[];
  exposure: PairExposure;
  random?: () => number;
}): [T, T] {
  let least = Number.POSITIVE_INFINITY;
  let candidates: Array<[T, T]> = [];
  for (let i = 0; i < models.length; i += 1)
    for (let j = i + 1; j < models.length; j += 1) {
      const x = models[i];
      const y = models[j];
      if (!x || !y || x.id === y.id) continue;
      const seen = exposure.get(pairKey(x.id, y.id)) ?? 0;
      if (seen < least) {
        least = seen;
        candidates = [];
      }
      if (seen === least) candidates.push([x, y]);
    }
  const pick = candidates[Math.floor(random() * candidates.length)];
  if (!pick) throw new Error('drawPair needs two distinct models');
  return random() < 0.5 ? pick : [pick[1], pick[0]];
}
