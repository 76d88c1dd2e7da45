import type { Db } from '@/db/client';
import { type Reservation, type ReservationRequest, reserveUsageBatch } from '@/modules/usage/usage.service';

/** At most this many reservations go in one statement; more wait for the next. */
const MAX_BATCH = 256;

type Waiting = { request: ReservationRequest; done: (reservation: Reservation) => void; failed: (err: unknown) => void };

/**
 * The reservations of a database shared with other instances (PostgreSQL) as a group commit: those
 * asked for in one turn of the event loop are made together by one statement and one commit
 * (`reserveUsageBatch`), one batch at a time; what is asked while a batch is written goes in the next.
 * At one answer at a time nothing changes; under load the flush to disk of one commit serves many
 * answers instead of one each (issue 22 and 25: PostgreSQL at c=64). Each caller awaits its own
 * reservation, refused or failed on its own; a failed statement fails its batch only.
 */
export function createSharedReservations({
  db,
  freeTokens,
  maxInFlight,
  staleAfterMs,
}: {
  db: Db;
  freeTokens: number;
  maxInFlight: number;
  /** A reservation older than this was left by a process that died: it is counted as is. */
  staleAfterMs: number;
}) {
  let waiting: Waiting[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let writing = false;

  async function write(batch: Waiting[]) {
    try {
      const staleBefore = Math.min(...batch.map((w) => w.request.now)) - staleAfterMs;
      const outcomes = await reserveUsageBatch(
        db,
        batch.map((w) => w.request),
        { freeTokens, maxInFlight, staleBefore },
      );
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof Error || !outcome) w.failed(outcome ?? new Error('reservation not written'));
        else w.done(outcome);
      });
    } catch (err) {
      for (const w of batch) w.failed(err);
    }
  }

  function flush() {
    scheduled = undefined;
    if (writing || waiting.length === 0) return;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    writing = true;
    void write(batch).finally(() => {
      writing = false;
      flush();
    });
  }

  return {
    /** Reserves in the next batch: resolves with the reservation, or rejects with its refusal. */
    reserve(request: ReservationRequest): Promise<Reservation> {
      return new Promise((done, failed) => {
        waiting.push({ request, done, failed });
        if (!scheduled && !writing) scheduled = setImmediate(flush);
      });
    },
  };
}
