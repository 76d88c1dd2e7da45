import type { Clock } from '@/lib/clock';

/**
 * One circuit breaker per model: after `threshold` consecutive failures it opens for `cooldownMs`,
 * then lets a single probe through (half-open); a success closes it, a failure opens it again.
 */
export function createCircuitBreaker({
  clock,
  threshold = 5,
  cooldownMs = 30_000,
}: {
  clock: Clock;
  threshold?: number;
  cooldownMs?: number;
}) {
  const states = new Map<string, { failures: number; openedAt: number | null; isProbing: boolean }>();
  const get = (id: string) => {
    let s = states.get(id);
    if (!s) {
      s = { failures: 0, openedAt: null, isProbing: false };
      states.set(id, s);
    }
    return s;
  };
  return {
    /** May this model be called now? (Claims the half-open probe when the cooldown is over.) */
    canCall: (id: string) => {
      const s = get(id);
      if (s.openedAt === null) return true;
      if (clock.now() - s.openedAt < cooldownMs || s.isProbing) return false;
      s.isProbing = true;
      return true;
    },
    success: (id: string) => {
      states.set(id, { failures: 0, openedAt: null, isProbing: false });
    },
    failure: (id: string) => {
      const s = get(id);
      s.failures += 1;
      if (s.isProbing || s.failures >= threshold) {
        s.openedAt = clock.now();
        s.isProbing = false;
      }
    },
    state: (id: string) => {
      const s = get(id);
      return s.openedAt === null ? 'closed' : clock.now() - s.openedAt < cooldownMs ? 'open' : 'half-open';
    },
  };
}
export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;
