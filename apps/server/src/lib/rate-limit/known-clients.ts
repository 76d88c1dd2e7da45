import type { Clock } from '@/lib/clock';

/**
 * Devices that signed in to an account lately (per instance, in memory, keyed by device and
 * account): their logins to that account go first through the password gate, so a flood, even from
 * the same shared address, cannot starve them.
 */
export function createKnownClients(clock: Clock, { ttlMs = 7 * 24 * 3600_000, max = 100_000 } = {}) {
  const seen = new Map<string, number>();
  const key = (deviceId: string, email: string) => `${deviceId}\n${email}`;
  return {
    has: (deviceId: string, email: string) => (seen.get(key(deviceId, email)) ?? 0) > clock.now(),
    add: (deviceId: string, email: string) => {
      const k = key(deviceId, email);
      seen.delete(k);
      seen.set(k, clock.now() + ttlMs);
      if (seen.size > max) seen.delete(seen.keys().next().value ?? '');
    },
  };
}
export type KnownClients = ReturnType<typeof createKnownClients>;
