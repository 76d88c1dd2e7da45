import type { Db } from '@/db/client';
import { createGroupCommit } from '@/lib/group-commit';
import { type Reservation, type ReservationRequest, reserveUsageBatch } from '@/modules/usage/usage.service';

/** At most this many reservations go in one statement; more wait for the next. */
const MAX_BATCH = 256;

type Waiting = { request: ReservationRequest; done: (reservation: Reservation) => void; failed: (err: unknown) => void };

/**
 * The reservations of a database shared with other instances (PostgreSQL) as a group commit
 * (`createGroupCommit`): those asked for in one turn of the event loop are made together by one
 * statement and one commit (`reserveUsageBatch`), one batch at a time; what is asked while a batch is
 * written goes in the next.
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
  const batches = createGroupCommit<Waiting>({
    maxBatch: MAX_BATCH,
    async write(batch) {
      try {
        const staleBefore = Math.min(...batch.map((w) => w.request.now)) - staleAfterMs;
        const outcomes = await reserveUsageBatch(
          db,
          batch.map((w) => w.request),
          { freeTokens, maxInFlight, staleBefore },
        );
        // One outcome per request, in their order (`reserveUsageBatch` throws otherwise).
        batch.forEach((w, i) => {
          const outcome = outcomes[i] ?? new Error('reservation not written');
          if (outcome instanceof Error) w.failed(outcome);
          else w.done(outcome);
        });
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    },
  });

  return {
    /** Whether reservations are being written or wait to be: under load they go in batches. */
    busy: batches.busy,
    /** Reserves in the next batch: resolves with the reservation, or rejects with its refusal. */
    reserve(request: ReservationRequest): Promise<Reservation> {
      return new Promise((done, failed) => batches.add({ request, done, failed }));
    },
  };
}
