import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import { getUsage, type ModelTokens, monthOf, recordUsage, totalTokens, type UsageRecord } from '@/modules/usage/usage.service';

const FRESH_MS = 10_000;
/** Answered requests are written in batches: at most this long after the first of them… */
const FLUSH_AFTER_MS = 1_000;
/** …or as soon as this many wait. */
const FLUSH_AT = 256;
/** While the database refuses writes, at most this many records wait in memory. */
const MAX_PENDING = 100_000;
const MAX_TRIES = 5;

/**
 * Keeps the answer path off the database. The month's usage of each active user is cached for 10 s
 * (refreshed from the database after that, so other instances' usage is seen), and answered requests
 * are counted in the cache at once and written behind, in one transaction per batch. The quota is
 * exact per instance and at most 10 s stale across them; `flush()` writes what waits (on shutdown),
 * and `read()` gives a user's usage after it.
 */
export function createUsageMeter({ db, clock, freeTokens, log }: { db: Db; clock: Clock; freeTokens: number; log: FastifyBaseLogger }) {
  const cache = new Map<string, { month: string; tokens: number; allowance: number; fetchedAt: number }>();
  let pending: Array<UsageRecord & { tries?: number }> = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const current = async (userId: string) => {
    const now = clock.now();
    const hit = cache.get(userId);
    if (hit && hit.month === monthOf(now) && now - hit.fetchedAt < FRESH_MS) return hit;
    const u = await read(userId, now);
    const fresh = { month: u.month, tokens: u.tokens, allowance: u.allowance, fetchedAt: now };
    cache.set(userId, fresh);
    if (cache.size > 10_000) cache.delete(cache.keys().next().value ?? '');
    return fresh;
  };

  /** Writes every waiting record; resolves once they (and any earlier batch) are in the database. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length > 0) {
      writing = writing.then(() =>
        recordUsage(db, batch).catch((err: unknown) => {
          // Kept for a later batch, so a database hiccup loses nothing; given up after a few tries.
          for (const r of batch) r.tries = (r.tries ?? 0) + 1;
          const retry = batch.filter((r) => (r.tries ?? 0) < MAX_TRIES);
          pending = [...retry, ...pending].slice(-MAX_PENDING);
          log.error({ err, records: batch.length, retrying: retry.length }, 'recording usage failed');
          if (pending.length) schedule();
        }),
      );
    }
    return writing;
  }

  /** The month's usage from the database, after this instance's waiting records are written. */
  async function read(userId: string, now: number) {
    await flush();
    return getUsage(db, { userId, now, freeTokens });
  }

  function schedule() {
    if (!timer) {
      timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
      timer.unref();
    }
  }

  return {
    assertWithinQuota: async (userId: string) => {
      const u = await current(userId);
      if (u.tokens >= u.allowance) throw new AppError('QUOTA_EXCEEDED');
    },
    /** Counts at once in the cache; the database write follows in the next batch. */
    record: (input: { userId: string; requestId: string; byModel: ModelTokens[] }) => {
      const hit = cache.get(input.userId);
      if (hit) hit.tokens += totalTokens(input.byModel);
      pending.push({ ...input, now: clock.now() });
      if (pending.length >= FLUSH_AT) void flush();
      else schedule();
    },
    read,
    flush,
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
