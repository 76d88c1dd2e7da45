import type { Clock } from '@/lib/clock';

/**
 * Addresses that signed in successfully lately (per instance, in memory): their logins go first
 * through the password gate, so a flood from other addresses cannot starve them.
 */
export function createKnownClients(clock: Clock, { ttlMs = 7 * 24 * 3600_000, max = 100_000 } = {}) {
  const seen = new Map<string, number>();
  return {
    has: (ip: string) => (seen.get(ip) ?? 0) > clock.now(),
    add: (ip: string) => {
      seen.delete(ip);
      seen.set(ip, clock.now() + ttlMs);
      if (seen.size > max) seen.delete(seen.keys().next().value ?? '');
    },
  };
}
export type KnownClients = ReturnType<typeof createKnownClients>;
