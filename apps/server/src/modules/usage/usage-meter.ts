import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import { getUsage, type ModelTokens, monthOf, recordUsage } from '@/modules/usage/usage.service';

const FRESH_MS = 10_000;

/**
 * Keeps the answer path off the database: the month's usage of each active user is cached for 10 s
 * (refreshed from the database after that, so other instances' usage is seen), and usage is written
 * after the response. The quota is therefore exact per instance and at most 10 s stale across them.
 */
export function createUsageMeter({ db, clock, freeTokens, log }: { db: Db; clock: Clock; freeTokens: number; log: FastifyBaseLogger }) {
  const cache = new Map<string, { month: string; tokens: number; allowance: number; fetchedAt: number }>();

  const current = async (userId: string) => {
    const now = clock.now();
    const hit = cache.get(userId);
    if (hit && hit.month === monthOf(now) && now - hit.fetchedAt < FRESH_MS) return hit;
    const u = await getUsage(db, { userId, now, freeTokens });
    const fresh = { month: u.month, tokens: u.tokens, allowance: u.allowance, fetchedAt: now };
    cache.set(userId, fresh);
    if (cache.size > 10_000) cache.delete(cache.keys().next().value ?? '');
    return fresh;
  };

  return {
    assertWithinQuota: async (userId: string) => {
      const u = await current(userId);
      if (u.tokens >= u.allowance) throw new AppError('QUOTA_EXCEEDED');
    },
    /** Counts at once in the cache, writes to the database without holding up the response. */
    record: (input: { userId: string; requestId: string; byModel: ModelTokens[] }) => {
      const tokens = input.byModel.reduce((n, m) => n + m.tokens, 0);
      const hit = cache.get(input.userId);
      if (hit) hit.tokens += tokens;
      return recordUsage(db, { ...input, now: clock.now() }).catch((err: unknown) => log.error({ err }, 'recording usage failed'));
    },
    forget: (userId: string) => cache.delete(userId),
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
