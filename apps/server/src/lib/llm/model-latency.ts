/**
 * Each model's recent time to a whole answer: an exponentially weighted mean of its successful calls
 * (`WEIGHT` for the newest). Fusion waits for its slowest proposer, so the proposers are sent slowest
 * first (`slowestFirst`): the call that decides when the judge can start leaves first, instead of
 * after the others' requests are written (a few tenths of a millisecond each). Only the order in
 * which requests leave changes; answers, events and costs keep the panel's order.
 */
const WEIGHT = 0.2;

export function createModelLatency() {
  const means = new Map<string, number>();
  return {
    record(modelId: string, ms: number) {
      const mean = means.get(modelId);
      means.set(modelId, mean === undefined ? ms : mean + WEIGHT * (ms - mean));
    },
    /** The recent mean of a model's successful calls (ms), if it has answered yet. */
    expected: (modelId: string) => means.get(modelId),
    /** `items` with the slowest model first; a model not measured yet counts as the slowest; ties keep their order. */
    slowestFirst<T>(items: readonly T[], modelIdOf: (item: T) => string): T[] {
      const expected = (item: T) => means.get(modelIdOf(item)) ?? Number.POSITIVE_INFINITY;
      return items
        .map((item, index) => ({ item, index, ms: expected(item) }))
        .sort((a, b) => (a.ms === b.ms ? a.index - b.index : b.ms - a.ms))
        .map((e) => e.item);
    },
  };
}
export type ModelLatency = ReturnType<typeof createModelLatency>;
