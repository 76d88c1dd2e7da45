import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import {
  getUsage,
  type ModelTokens,
  type Reservation,
  recordUsage,
  reserveUsage,
  settleStale,
  type UsageRecord,
} from '@/modules/usage/usage.service';

/** Settlements waiting when this many are queued are written at once. */
const FLUSH_AT = 256;
/** While the database refuses writes, at most this many settlements wait in memory. */
const MAX_PENDING = 100_000;
const MAX_TRIES = 5;
const RETRY_AFTER_MS = 1_000;
/** Answers of one user in progress at once (shared by every instance through the database). */
export const MAX_ANSWERS_IN_FLIGHT = 4;
/**
 * No answer lives longer than this (the request cap is 300 s): a reservation older than it was left
 * by a process that died, and is counted as is.
 */
export const STALE_RESERVATION_MS = 360_000;

/**
 * The quota, exact across instances. Before any model is called, `reserve` writes (and awaits) a
 * reservation of the request's estimated tokens in the database, refused once the month's usage
 * plus the reservations in progress reaches the allowance, or while MAX_ANSWERS_IN_FLIGHT answers
 * of the user are running. `settle` replaces the reservation by the real usage and `release` drops
 * it (the answer failed); both are written in the next turn of the event loop, batched with the
 * others of that turn. If the process dies in between, the reservation stays and is counted as is:
 * nothing answered goes uncounted.
 */
export function createUsageMeter({
  db,
  clock,
  freeTokens,
  log,
  maxInFlight = MAX_ANSWERS_IN_FLIGHT,
}: {
  db: Db;
  clock: Clock;
  freeTokens: number;
  log: FastifyBaseLogger;
  maxInFlight?: number;
}) {
  let pending: Array<UsageRecord & { tries?: number }> = [];
  let releases: string[] = [];
  let scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  /** Writes every waiting settlement; resolves once they (and any earlier batch) are in the database. */
  function flush(): Promise<void> {
    if (scheduled) {
      clearImmediate(scheduled as NodeJS.Immediate);
      clearTimeout(scheduled as NodeJS.Timeout);
    }
    scheduled = undefined;
    const batch = pending;
    const dropped = releases;
    pending = [];
    releases = [];
    if (batch.length > 0 || dropped.length > 0) {
      writing = writing.then(() =>
        recordUsage(db, batch, dropped).catch((err: unknown) => {
          // Kept for a later batch; given up after a few tries (the reservations are then counted as is).
          for (const r of batch) r.tries = (r.tries ?? 0) + 1;
          const retry = batch.filter((r) => (r.tries ?? 0) < MAX_TRIES);
          pending = [...retry, ...pending].slice(-MAX_PENDING);
          releases = [...dropped, ...releases].slice(-MAX_PENDING);
          log.error({ err, records: batch.length, retrying: retry.length }, 'recording usage failed');
          if (pending.length || releases.length) schedule(RETRY_AFTER_MS);
        }),
      );
    }
    return writing;
  }

  function schedule(afterMs = 0) {
    if (scheduled) return;
    scheduled = afterMs ? setTimeout(() => void flush(), afterMs) : setImmediate(() => void flush());
    scheduled.unref();
  }

  const queued = () => (pending.length + releases.length >= FLUSH_AT ? void flush() : schedule());

  /** The month's usage from the database, after this instance's waiting settlements are written. */
  async function read(userId: string, now: number) {
    await flush();
    await settleStale(db, { userId, staleBefore: now - STALE_RESERVATION_MS });
    return getUsage(db, { userId, now, freeTokens });
  }

  return {
    /**
     * Reserves `tokens` for one answer (awaited, in the database) or throws 402 QUOTA_EXCEEDED /
     * 429 TOO_MANY_ANSWERS. A refusal for quota is logged as a security event naming the user id.
     */
    reserve: async ({
      userId,
      requestId,
      tokens,
      log: requestLog = log,
    }: {
      userId: string;
      requestId: string;
      tokens: number;
      log?: FastifyBaseLogger;
    }) => {
      const now = clock.now();
      try {
        return await reserveUsage(db, { userId, requestId, tokens, now, freeTokens, maxInFlight, staleBefore: now - STALE_RESERVATION_MS });
      } catch (err) {
        if (err instanceof AppError && (err.code === 'QUOTA_EXCEEDED' || err.code === 'TOO_MANY_ANSWERS'))
          requestLog.warn(
            { securityEvent: err.code === 'QUOTA_EXCEEDED' ? 'quota_refused' : 'answers_in_flight_refused', userId },
            'security event',
          );
        throw err;
      }
    },
    /** Replaces the reservation by the answer's real usage (written in the next batch). */
    settle: (reservation: Reservation, byModel: ModelTokens[]) => {
      pending.push({
        userId: reservation.userId,
        requestId: reservation.requestId,
        byModel,
        now: clock.now(),
        reservationId: reservation.id,
      });
      queued();
    },
    /** Gives the whole reservation back: the answer failed, nothing is charged. */
    release: (reservation: Reservation) => {
      releases.push(reservation.id);
      queued();
    },
    read,
    flush,
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
