/**
 * A counter raised whenever a user's plan changes in this process. The PGlite usage meter reuses the
 * plan it last read only while the counter has not moved since (a change of any user's plan makes
 * every meter read plans again once: cheap, and never stale).
 */
let epoch = 0;

export const planEpoch = () => epoch;

/** A user's plan changed (after its transaction committed). */
export function planChanged() {
  epoch += 1;
}
