import { randomUUID } from 'node:crypto';
import type { RedisLink } from '@/lib/redis';

/** A slot held in Redis lives this long unless its instance renews it (a crashed instance frees its slots by then). */
export const SLOT_LEASE_MS = 30_000;

/**
 * Takes a slot when fewer than ARGV[1] live leases remain after dropping the expired ones; the
 * lease expires ARGV[2] ms from Redis's own clock. Returns the leases now held, or -1 when full.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[1]) then return -1 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return held + 1`;

/** Pushes the expiry of the leases ARGV[2..] to ARGV[1] ms from now (adding any Redis lost while it was away). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return #ARGV - 1`;

export type KeySlot = { release: () => void };
/** A slot taken (with the requests of the key now in progress) or refused. */
export type SlotResult = { slot: KeySlot; held: number } | { slot: null; held: number };

/**
 * The requests of each developer key in progress at once, capped. With Redis, the cap holds over
 * every instance: each request holds a lease in a sorted set per key, taken atomically by a script,
 * renewed while it runs and dropped when it ends; a crashed instance's leases expire within
 * SLOT_LEASE_MS. Without Redis (exact on PGlite's one process, per instance on a shared PostgreSQL)
 * and while Redis is away, as for the rate limits, this instance counts its own requests; once Redis
 * is back, the renewal puts the leases taken meanwhile into it.
 */
export function createKeySlots({ redis, leaseMs = SLOT_LEASE_MS }: { redis?: RedisLink; leaseMs?: number }) {
  /** This instance's requests in progress: key id → lease ids. */
  const local = new Map<string, Set<string>>();
  const redisKey = (keyId: string) => `${redis?.prefix ?? ''}v1slots:${keyId}`;

  const renew = async () => {
    if (!redis || local.size === 0) return;
    await redis.use(
      async (r) => {
        const pipeline = r.pipeline();
        for (const [keyId, leases] of local) pipeline.eval(RENEW, 1, redisKey(keyId), leaseMs, ...leases);
        await pipeline.exec();
      },
      () => undefined,
    );
  };
  const renewing = redis ? setInterval(() => void renew(), Math.max(50, Math.floor(leaseMs / 3))) : undefined;
  renewing?.unref();

  const forget = (keyId: string, lease: string) => {
    const leases = local.get(keyId);
    leases?.delete(lease);
    if (leases?.size === 0) local.delete(keyId);
  };

  return {
    /** Takes one of the key's `cap` slots, or refuses when all are held (over every instance with Redis). */
    async acquire(keyId: string, cap: number): Promise<SlotResult> {
      const lease = randomUUID();
      const shared = redis
        ? await redis.use(
            async (r) => Number(await r.eval(ACQUIRE, 1, redisKey(keyId), cap, leaseMs, lease)),
            () => null,
          )
        : null;
      // Read after the await: other requests of this instance may have taken slots meanwhile.
      const mine = local.get(keyId)?.size ?? 0;
      const held = shared ?? (mine < cap ? mine + 1 : -1);
      if (held < 0) return { slot: null, held: cap };
      const leases = local.get(keyId) ?? new Set<string>();
      leases.add(lease);
      local.set(keyId, leases);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        forget(keyId, lease);
        void redis?.use(
          async (r) => {
            await r.zrem(redisKey(keyId), lease);
          },
          () => undefined,
        );
      };
      return { slot: { release }, held };
    },
    /** Stops renewing (the app is closing). */
    close: () => clearInterval(renewing),
  };
}
export type KeySlots = ReturnType<typeof createKeySlots>;
