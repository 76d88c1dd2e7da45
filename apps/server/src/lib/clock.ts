/** The time source of everything that expires; tests swap in a controllable one. */
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests). */
export function manualClock(start = Date.now()) {
  let current = start;
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms;
    },
    set: (ms: number) => {
      current = ms;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;
