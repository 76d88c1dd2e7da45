import type { Clock } from '@/lib/clock';
import type { Redis, RedisLink } from '@/lib/redis';

export type RateRule = { limit: number; windowMs: number };
export type RateResult = { allowed: boolean; retryAfterSeconds: number; count: number };

/** Fixed-window counters: in memory for one instance, in Redis when several share the load. */
export type RateLimiter = {
  hit: (key: string, rule: RateRule) => Promise<RateResult>;
  /** Looks without counting. */
  peek: (key: string, rule: RateRule) => Promise<RateResult>;
  reset: (key: string) => Promise<void>;
};

export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > clock.now()) return w;
    windows.delete(key);
    return undefined;
  };
  const result = (count: number, resetAt: number, rule: RateRule): RateResult => ({
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - clock.now()) / 1000)),
  });
  return {
    hit: async (key, rule) => {
      const w = current(key) ?? { count: 0, resetAt: clock.now() + rule.windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= clock.now()) windows.delete(k);
      return result(w.count, w.resetAt, rule);
    },
    peek: async (key, rule) => {
      const w = current(key);
      return w ? result(w.count + 1, w.resetAt, rule) : { allowed: true, count: 0, retryAfterSeconds: 0 };
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'sangam:rl:'): RateLimiter {
  return {
    hit: async (key, rule) => {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[unknown, number], [unknown, number]];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, rule.windowMs);
        ms = rule.windowMs;
      }
      return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },
    peek: async (key, rule) => {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      const n = Number(count ?? 0);
      return { allowed: n + 1 <= rule.limit, count: n, retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : rule.windowMs) / 1000)) };
    },
    reset: async (key) => {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis while it answers, this process's counters while it does not (an outage never turns a
 * request into an error; limits are then per instance until Redis is back).
 */
export function resilientRateLimiter(link: RedisLink, clock: Clock): RateLimiter {
  const shared = redisRateLimiter(link.client, `${link.prefix}rl:`);
  const local = memoryRateLimiter(clock);
  return {
    hit: (key, rule) =>
      link.use(
        () => shared.hit(key, rule),
        () => local.hit(key, rule),
      ),
    peek: (key, rule) =>
      link.use(
        () => shared.peek(key, rule),
        () => local.peek(key, rule),
      ),
    reset: async (key) => {
      await local.reset(key);
      await link.use(
        () => shared.reset(key),
        () => undefined,
      );
    },
  };
}
