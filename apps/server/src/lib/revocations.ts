import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/access-tokens';
import type { Clock } from '@/lib/clock';
import type { Redis } from '@/lib/redis';

/**
 * Revoked token families, remembered for the life of an access token so that logout, reset and
 * reuse detection also stop access tokens already issued. Shared through Redis when configured.
 */
export type Revocations = { revoke: (familyId: string) => Promise<void>; isRevoked: (familyId: string) => Promise<boolean> };

export function memoryRevocations(clock: Clock): Revocations {
  const until = new Map<string, number>();
  return {
    revoke: async (familyId) => {
      until.set(familyId, clock.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    },
    isRevoked: async (familyId) => (until.get(familyId) ?? 0) > clock.now(),
  };
}

export function redisRevocations(redis: Redis, prefix = 'sangam:revoked:'): Revocations {
  return {
    revoke: async (familyId) => {
      await redis.set(prefix + familyId, '1', 'EX', ACCESS_TOKEN_TTL_SECONDS);
    },
    isRevoked: async (familyId) => (await redis.exists(prefix + familyId)) === 1,
  };
}
