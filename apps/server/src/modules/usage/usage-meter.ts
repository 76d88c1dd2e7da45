import { randomUUID } from 'node:crypto';
import { PLANS } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import { planEpoch } from '@/modules/usage/plan-epoch';
import type { ReservationJournal } from '@/modules/usage/reservation-journal';
import { createSharedReservations } from '@/modules/usage/shared-reservations';
import {
  getUsage,
  heldTokens,
  insertReservations,
  type ModelTokens,
  monthOf,
  type NewReservation,
  planOf,
  type Reservation,
  recordUsage,
  settleStale,
  totalTokens,
  type UsageRecord,
} from '@/modules/usage/usage.service';

/**
 * One answer's reservation: whose, for which request, how many tokens; `log` is the request's logger.
 * `familyId`: the session's token family, when its revocation is checked by the reservation itself
 * (PostgreSQL without Redis: `PendingSessionCheck`); refused with 401 TOKEN_INVALID if revoked.
 */
export type ReserveRequest = { userId: string; requestId: string; tokens: number; log?: FastifyBaseLogger; familyId?: string };

/** Settlements waiting when this many are queued are written at once. */
const FLUSH_AT = 256;
/** While the database refuses writes, at most this many settlements wait in memory. */
const MAX_PENDING = 100_000;
const MAX_TRIES = 5;
/** The journal lines that settlements close: those of reservations without a row (`outright`). */
const journalLines = (records: UsageRecord[]) => records.flatMap((r) => (r.outright && r.reservationId ? [r.reservationId] : []));
const RETRY_AFTER_MS = 1_000;
/**
 * A settlement or release waits this long for others before they are written together in one
 * statement; no answer waits for it. Nothing is lost on kill -9: an unsettled reservation is counted as is.
 */
const SETTLE_AFTER_MS = 10;
/** Answers of one user in progress at once (shared by every instance through the database). */
export const MAX_ANSWERS_IN_FLIGHT = 4;
/**
 * No answer lives longer than this (the request cap is 300 s): a reservation older than it was left
 * by a process that died, and is counted as is.
 */
export const STALE_RESERVATION_MS = 360_000;
/** Users' months held in memory (`exclusive`), or users refused lately (shared), before old ones are dropped. */
const MAX_HELD = 50_000;
/** On a shared database, a user refused lately waits for the database's decision before any model is called. */
const REFUSAL_REMEMBERED_MS = 5 * 60_000;

/**
 * The quota, exact across instances. Before any model is called, `reserve` writes (and awaits) a
 * reservation of the request's estimated tokens in the database (those of one turn of the event loop
 * in one statement: `createSharedReservations`), refused once the month's usage
 * plus the reservations in progress reaches the allowance, or while MAX_ANSWERS_IN_FLIGHT answers
 * of the user are running. `settle` replaces the reservation by the real usage and `release` drops
 * it (the answer failed); both are written within SETTLE_AFTER_MS, batched with the others waiting.
 * If the process dies in between, the reservation stays and is counted as is: nothing answered goes
 * uncounted. On PGlite (`exclusive` with a `journal`) an answer admitted in memory waits for its
 * reservation's journal line instead of its row (decision 015, session 10).
 */
export function createUsageMeter({
  db,
  clock,
  freeTokens,
  log,
  maxInFlight = MAX_ANSWERS_IN_FLIGHT,
  exclusive = false,
  journal,
}: {
  db: Db;
  clock: Clock;
  freeTokens: number;
  log: FastifyBaseLogger;
  maxInFlight?: number;
  /**
   * This process is the database's only user (PGlite): admission is decided in memory, exactly, and
   * the reservations of one turn of the event loop are written together with the settlements waiting,
   * in one transaction, instead of a locking transaction each.
   */
  exclusive?: boolean;
  /**
   * With `exclusive`: an answer admitted in memory goes on once its reservation is in this journal.
   * While the user's plan as this process knows it is current, the reservation gets no row at all:
   * its settlement is charged outright, and its journal line is closed once that is written (a
   * release closes it at once). Otherwise the row follows in the next batch, bringing the plan, and
   * a settlement or release is written only after it. `replayReservationJournal` writes the rows of
   * what a killed process left open.
   */
  journal?: ReservationJournal;
}) {
  /** An `outright` settlement's reservation has no row: its journal line is closed once the settlement is written. */
  let pending: Array<UsageRecord & { tries?: number }> = [];
  let releases: string[] = [];
  /** Reservations waiting for the next batch, each with the answer that awaits it (`exclusive` only). */
  let reserving: Array<
    NewReservation & {
      written: (plan: string | undefined) => void;
      failed: (err: unknown) => void;
    }
  > = [];
  /** The next turn of the event loop, when the reservations waiting are written (`exclusive`). */
  let reservationTurn: NodeJS.Immediate | undefined;
  /** When the settlements and releases waiting are written: SETTLE_AFTER_MS (`soon`) or, after a failed write, `retry`. */
  let settleTimer: NodeJS.Timeout | undefined;
  let settleWhen: 'soon' | 'retry' | undefined;

  /**
   * With a journal: the reservations whose row is on its way to the database (journaled, their answers
   * went on: a failed write is retried, never refused), and those that get none.
   */
  const rowsComing = new Set<string>();
  const rowless = new Set<string>();

  /** The batch being written, and the one waiting for it (everything queued meanwhile). */
  let writing: Promise<void> | undefined;
  let following: Promise<void> | undefined;

  /**
   * Writes the waiting reservations and, with `all` (or once FLUSH_AT are queued), the settlements
   * and releases; resolves once they (and any earlier batch) are in the database. One batch is
   * written at a time: what arrives while one is written waits and goes in the next, everything
   * together, so the busier the server, the larger the batches (group commit). While the database
   * is idle, the reservations of a turn go alone without the settlements waiting. A batch is two
   * statements sent together, the reservations' plain insert first and the settlements and releases
   * behind it: an answer awaits its reservation, none awaits a settlement. A release queued before
   * its reservation's row is written goes in the same batch or a later one (a batch that takes
   * releases takes every reservation waiting), so it always runs after the insert of its row.
   */
  function flush(all = true): Promise<void> {
    if (writing) {
      following ??= writing.then(() => {
        following = undefined;
        return flush();
      });
      return following;
    }
    if (reservationTurn) clearImmediate(reservationTurn);
    reservationTurn = undefined;
    const reserved = reserving;
    reserving = [];
    const settling = all || pending.length + releases.length >= FLUSH_AT;
    let batch = settling ? pending : [];
    let dropped = settling ? releases : [];
    if (settling) {
      cancelSettleTimer();
      pending = [];
      releases = [];
      if (journal) {
        // A settlement or release waits until its reservation's row is in (this batch's included).
        const waits = (id: string | undefined) => id !== undefined && rowsComing.has(id);
        pending = batch.filter((r) => waits(r.reservationId));
        releases = dropped.filter(waits);
        batch = batch.filter((r) => !waits(r.reservationId));
        dropped = dropped.filter((id) => !waits(id));
        if (pending.length || releases.length) scheduleSettle('soon');
      }
    }
    if (batch.length === 0 && dropped.length === 0 && reserved.length === 0) return Promise.resolve();
    // Two statements sent together: the database thread runs them in order, and the reservations'
    // answers go on as soon as the first is done, without waiting for the settlements behind it.
    const reservations = reserved.length
      ? insertReservations(db, reserved).then(
          (plans) => {
            for (const r of reserved) rowsComing.delete(r.id);
            journal?.done(reserved.map((r) => r.id));
            for (const r of reserved) r.written(plans.get(r.id));
          },
          (err: unknown) => {
            // The answers waiting for a reservation fail; a journaled one went on and is written later.
            const retried = reserved.filter((r) => rowsComing.has(r.id));
            for (const r of reserved) if (!rowsComing.has(r.id)) r.failed(err);
            reserving = [...retried, ...reserving].slice(-MAX_PENDING);
            if (retried.length) scheduleSettle('retry');
            log.error({ err, reservations: reserved.length, retrying: retried.length }, 'recording usage failed');
          },
        )
      : undefined;
    const settlements =
      batch.length || dropped.length
        ? recordUsage(db, batch, dropped).then(
            () => journal?.done(journalLines(batch)),
            (err: unknown) => {
              // Settlements are kept for a later batch, given up after a few tries (their
              // reservations are then counted as is).
              for (const r of batch) r.tries = (r.tries ?? 0) + 1;
              const retry = batch.filter((r) => (r.tries ?? 0) < MAX_TRIES);
              const kept = [...retry, ...pending];
              pending = kept.slice(-MAX_PENDING);
              // A reservation without a row whose settlement is given up stays in the journal, and
              // the next start counts it as is; until then this process no longer waits for it.
              const givenUp = [...batch.filter((r) => !retry.includes(r)), ...kept.slice(0, -MAX_PENDING)];
              journal?.giveUp(journalLines(givenUp));
              releases = [...dropped, ...releases].slice(-MAX_PENDING);
              log.error({ err, records: batch.length, retrying: retry.length }, 'recording usage failed');
              if (pending.length || releases.length) scheduleSettle('retry');
            },
          )
        : undefined;
    writing = Promise.all([reservations, settlements])
      .then(() => {})
      .finally(() => {
        writing = undefined;
      });
    return writing;
  }

  /**
   * Settlements and releases wait SETTLE_AFTER_MS for company (`soon`), or RETRY_AFTER_MS after a
   * failed write (`retry`); the earlier wins.
   */
  function scheduleSettle(when: 'soon' | 'retry') {
    if (settleWhen === 'soon' || settleWhen === when) return;
    cancelSettleTimer();
    settleWhen = when;
    settleTimer = setTimeout(() => void flush(), when === 'soon' ? SETTLE_AFTER_MS : RETRY_AFTER_MS);
    // Only a retry's wait is unref'd: nothing awaits it, and it must not keep the process alive.
    if (when === 'retry') settleTimer.unref();
  }
  function cancelSettleTimer() {
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = undefined;
    settleWhen = undefined;
  }

  /** FLUSH_AT writes are waiting: they go at once. */
  const full = () => pending.length + releases.length + reserving.length >= FLUSH_AT;
  /** A reservation is written on the next turn of the event loop (an answer awaits it), with the others of that turn. */
  const reservationQueued = () => {
    if (full()) void flush();
    else reservationTurn ??= setImmediate(() => void flush(false));
  };
  /** A settlement or release is written within SETTLE_AFTER_MS, or at once when FLUSH_AT are waiting. */
  const settlementQueued = () => (full() ? void flush() : scheduleSettle('soon'));

  /**
   * Writes everything waiting now. With a journal, settlements held back for rows of the first batch
   * go in a second one (unless those rows' write failed: they wait for its retry).
   */
  async function drain() {
    await flush();
    if (journal && (pending.length || releases.length)) await flush();
  }

  /** The month's usage from the database, after this instance's waiting settlements are written. */
  async function read(userId: string, now: number) {
    await drain();
    await settleStale(db, { userId, staleBefore: now - STALE_RESERVATION_MS });
    return getUsage(db, { userId, now, freeTokens });
  }

  /**
   * With `exclusive`, each user's month as this process holds it: the tokens used (loaded once, then
   * raised by every settlement at once), the tokens reserved and the answers in flight.
   */
  /** `plan`: the user's plan as the last write read it (a write checks it again each time). */
  /** `planEpoch`: `planEpoch()` when the plan was read; another one since means a plan may have changed. */
  type Held = { used: number; reserved: number; inFlight: number; loaded: Promise<void>; plan?: string; planEpoch?: number };
  const held = new Map<string, Held>();
  const heldFor = (userId: string, month: string) => {
    const key = `${userId}|${month}`;
    let h = held.get(key);
    if (!h) {
      if (held.size >= MAX_HELD) for (const [k, v] of held) if (v.inFlight === 0) held.delete(k);
      const entry: Held = { used: 0, reserved: 0, inFlight: 0, loaded: Promise.resolve() };
      // Rows already there were left by an earlier process: they count until they are charged.
      entry.loaded = heldTokens(db, { userId, month }).then((t) => {
        entry.used += t.used;
        entry.reserved += t.reserved;
      });
      entry.loaded.catch(() => held.delete(key));
      held.set(key, entry);
      h = entry;
    }
    return h;
  };

  /**
   * The in-flight cap and the allowance checked in this process; the row written in the next batch (a
   * group commit). `written` settles once the row is in the database: refused there (the user is gone,
   * or the plan's allowance is reached) or failed, the reservation is undone first.
   */
  async function reserveHere({ userId, requestId, tokens, now }: { userId: string; requestId: string; tokens: number; now: number }) {
    const month = monthOf(now);
    const h = heldFor(userId, month);
    await h.loaded;
    if (h.inFlight >= maxInFlight) throw new AppError('TOO_MANY_ANSWERS', { headers: { 'retry-after': '5' } });
    const before = h.used + h.reserved;
    // Below the allowance of the plan the last write read (of every plan, before any write), the
    // database would admit it too, unless the plan changed since (then its row is written, which
    // reads the plan again for the next answers). Above it, the row is awaited and the database decides.
    const likelyAdmitted = before < (h.plan ? planOf(h.plan, freeTokens).tokens : lowestAllowance);
    h.inFlight += 1;
    h.reserved += tokens;
    const id = randomUUID();
    const reservation: Reservation = { id, userId, month, requestId, tokens };
    const entry: NewReservation = { id, userId, month, requestId, tokens, now };
    if (journal && likelyAdmitted) {
      // Journaled, it survives kill -9: the answer goes on. While the plan is current that is all;
      // else a row is written too, and only updates the plan.
      journal.add(entry);
      const epoch = planEpoch();
      if (h.plan !== undefined && h.planEpoch === epoch) {
        rowless.add(id);
        return { reservation, written: Promise.resolve(), likelyAdmitted };
      }
      // Its row goes with the other reservations of this turn of the event loop, in one statement.
      rowsComing.add(id);
      reserving.push({
        ...entry,
        written: (plan) => {
          if (plan === undefined) return;
          h.plan = plan;
          h.planEpoch = epoch;
        },
        failed: () => {},
      });
      reservationQueued();
      return { reservation, written: Promise.resolve(), likelyAdmitted };
    }
    const undo = () => {
      if (closed.has(reservation)) return;
      closed.add(reservation);
      h.inFlight -= 1;
      h.reserved -= tokens;
    };
    const epoch = planEpoch();
    const written = (async () => {
      let plan: string | undefined;
      try {
        plan = await new Promise<string | undefined>((done, failed) => {
          reserving.push({ ...entry, written: done, failed });
          reservationQueued();
        });
      } catch (err) {
        undo();
        throw err;
      }
      if (plan === undefined) {
        undo();
        throw new AppError('UNAUTHENTICATED');
      }
      h.plan = plan;
      h.planEpoch = epoch;
      if (before >= planOf(plan, freeTokens).tokens) {
        undo();
        releases.push(id);
        settlementQueued();
        throw new AppError('QUOTA_EXCEEDED');
      }
    })();
    return { reservation, written, likelyAdmitted };
  }
  /** The smallest allowance of any plan: usage below it is admitted whatever the user's plan. */
  const lowestAllowance = Math.min(freeTokens, ...PLANS.map((p) => p.tokens));
  const closed = new WeakSet<Reservation>();
  /** A reservation settled or released: counted once, however often it is given back. */
  const ended = (r: Reservation, used: number) => {
    const h = exclusive && !closed.has(r) ? held.get(`${r.userId}|${r.month}`) : undefined;
    if (!h) return;
    closed.add(r);
    h.inFlight -= 1;
    h.reserved -= r.tokens;
    h.used += used;
  };

  const logRefusal = (err: unknown, userId: string, requestLog: FastifyBaseLogger) => {
    if (err instanceof AppError && (err.code === 'QUOTA_EXCEEDED' || err.code === 'TOO_MANY_ANSWERS'))
      requestLog.warn(
        { securityEvent: err.code === 'QUOTA_EXCEEDED' ? 'quota_refused' : 'answers_in_flight_refused', userId },
        'security event',
      );
  };
  // A shared database decides every reservation, in batches (a group commit).
  const shared = createSharedReservations({ db, freeTokens, maxInFlight, staleAfterMs: STALE_RESERVATION_MS });

  /**
   * `admit` on a shared database (PostgreSQL): the database decides, but an answer the database will
   * most likely admit calls its models while the reservation is written (its caller shows nothing
   * before `written`, and a refusal stops the calls). Not when this process saw the user refused
   * lately (any refusal: quota, answers in flight, a revoked session), nor when the user's answers
   * in flight here alone come near the cap, nor under load (other reservations are being written:
   * the group commit then gathers them), nor after a failed write until one succeeds (the database
   * is unreachable): then the reservation is awaited first, as by `reserve`.
   * What a wrong guess costs is one model call stopped within a round trip, never an answer shown
   * or an allowance overrun.
   */
  const refusedUntil = new Map<string, number>();
  let writeFailed = false;
  const answersHere = new Map<string, number>();
  /**
   * Reservations counted in `answersHere`, and those whose row is on its way or was refused (resolves:
   * admitted), so that settling or giving one back before then waits, and after a refusal does nothing.
   */
  const countedHere = new WeakSet<Reservation>();
  const awaitingRow = new WeakMap<Reservation, Promise<boolean>>();
  const leaveHere = (r: Reservation) => {
    if (!countedHere.delete(r)) return;
    const n = (answersHere.get(r.userId) ?? 1) - 1;
    if (n > 0) answersHere.set(r.userId, n);
    else answersHere.delete(r.userId);
  };
  const rememberRefusal = (userId: string, now: number) => {
    refusedUntil.delete(userId);
    if (refusedUntil.size >= MAX_HELD)
      for (const [id, until] of refusedUntil) if (until <= now || refusedUntil.size >= MAX_HELD) refusedUntil.delete(id);
    refusedUntil.set(userId, now + REFUSAL_REMEMBERED_MS);
  };
  async function admitShared({ userId, requestId, tokens, log: requestLog = log, familyId }: ReserveRequest) {
    const now = clock.now();
    const refusedLately = (refusedUntil.get(userId) ?? 0) > now;
    if (!refusedLately) refusedUntil.delete(userId);
    const here = answersHere.get(userId) ?? 0;
    // Under load (reservations already on their way) the answers wait for theirs, so that each batch
    // gathers many: guessing there only spreads them over more, smaller statements.
    // After a failed write (the database unreachable), every answer waits until one is written again.
    const likelyAdmitted = !shared.busy() && !writeFailed && here + 1 < maxInFlight && !refusedLately;
    const reservation: Reservation = { id: '', userId, month: monthOf(now), requestId, tokens };
    answersHere.set(userId, here + 1);
    countedHere.add(reservation);
    const written = shared.reserve({ userId, requestId, tokens, now, familyId }).then(
      (made) => {
        writeFailed = false;
        reservation.id = made.id;
        reservation.month = made.month;
        awaitingRow.delete(reservation);
      },
      (err: unknown) => {
        // Its entry in `awaitingRow` stays: giving it back later does nothing.
        leaveHere(reservation);
        if (err instanceof AppError) rememberRefusal(userId, clock.now());
        else writeFailed = true;
        logRefusal(err, userId, requestLog);
        throw err;
      },
    );
    awaitingRow.set(
      reservation,
      written.then(
        () => true,
        () => false,
      ),
    );
    if (!likelyAdmitted) await written;
    // Handled here: a caller that gave the reservation back need not await it.
    written.catch(() => {});
    return { reservation, written };
  }
  const meter = {
    /**
     * Reserves `tokens` for one answer (awaited, in the database) or throws 402 QUOTA_EXCEEDED /
     * 429 TOO_MANY_ANSWERS. A refusal for quota is logged as a security event naming the user id.
     */
    reserve: async ({ userId, requestId, tokens, log: requestLog = log, familyId }: ReserveRequest) => {
      const now = clock.now();
      // This process alone decides in memory there, and it knows every revocation: none is deferred to it.
      if (exclusive && familyId) throw new Error('a session check deferred to the reservation needs a shared database');
      try {
        if (exclusive) {
          const { reservation, written } = await reserveHere({ userId, requestId, tokens, now });
          await written;
          return reservation;
        }
        return await shared.reserve({ userId, requestId, tokens, now, familyId });
      } catch (err) {
        logRefusal(err, userId, requestLog);
        throw err;
      }
    },
    /**
     * `reserve`, with the answer allowed to start its model calls before the reservation's row is
     * written: when this process alone decides admission (PGlite) and the user's month is below the
     * allowance of the plan the user's last write read (every plan's, before any), it resolves once
     * admitted in memory, and `written` settles when the row is in the database (rejecting as
     * `reserve` would: UNAUTHENTICATED, QUOTA_EXCEEDED if the plan changed, or the write's failure).
     * On a shared database it resolves at once unless this process saw the user refused lately, the
     * user's answers here come near the cap, other reservations are being written (under load) or the
     * last write failed (`admitShared`); `written` is the database's
     * decision. The caller shows nothing of the answer before `written` resolves, and gives the
     * reservation back if it rejects (settling or releasing before then waits for it). Otherwise it
     * is `reserve`, with `written` already resolved.
     */
    admit: async ({
      userId,
      requestId,
      tokens,
      log: requestLog = log,
      familyId,
    }: ReserveRequest): Promise<{ reservation: Reservation; written: Promise<void> }> => {
      if (!exclusive) return admitShared({ userId, requestId, tokens, log: requestLog, familyId });
      if (familyId)
        return { reservation: await meter.reserve({ userId, requestId, tokens, log: requestLog, familyId }), written: Promise.resolve() };
      try {
        const { reservation, written, likelyAdmitted } = await reserveHere({ userId, requestId, tokens, now: clock.now() });
        if (!likelyAdmitted) await written;
        // Handled here too: a caller that gave the reservation back need not await it.
        written.catch((err: unknown) => logRefusal(err, userId, requestLog));
        return { reservation, written };
      } catch (err) {
        logRefusal(err, userId, requestLog);
        throw err;
      }
    },
    /** Replaces the reservation by the answer's real usage (written in the next batch). */
    settle: (reservation: Reservation, byModel: ModelTokens[]) => {
      // Admitted before its row was written: settled once it is (a refused one has nothing to settle).
      const row = awaitingRow.get(reservation);
      if (row) return void row.then((admitted) => admitted && meter.settle(reservation, byModel));
      leaveHere(reservation);
      // Without a row it is charged outright, once: its charge names the reservation, and a second
      // settlement of a reservation already charged counts nothing.
      const outright = rowless.delete(reservation.id);
      pending.push({
        userId: reservation.userId,
        requestId: reservation.requestId,
        byModel,
        now: clock.now(),
        reservationId: reservation.id,
        ...(outright ? { outright } : {}),
      });
      ended(reservation, totalTokens(byModel));
      settlementQueued();
    },
    /** Gives the whole reservation back: the answer failed, nothing is charged. */
    release: (reservation: Reservation) => {
      const row = awaitingRow.get(reservation);
      if (row) return void row.then((admitted) => admitted && meter.release(reservation));
      leaveHere(reservation);
      ended(reservation, 0);
      // Without a row there is nothing to write: its journal line is closed.
      if (rowless.delete(reservation.id)) return journal?.done([reservation.id]);
      releases.push(reservation.id);
      settlementQueued();
    },
    read,
    flush: drain,
  };
  return {
    ...meter,
    /**
     * Runs `work` under a reservation of `tokens`: `charge` settles it to the real usage (the first
     * call counts); if `work` ends, or throws, without charging, the reservation is given back.
     */
    withReservation: async <T>(args: ReserveRequest, work: (charge: (byModel: ModelTokens[]) => void) => Promise<T>): Promise<T> => {
      const reservation = await meter.reserve(args);
      let charged = false;
      const charge = (byModel: ModelTokens[]) => {
        if (charged) return;
        charged = true;
        meter.settle(reservation, byModel);
      };
      try {
        return await work(charge);
      } finally {
        if (!charged) meter.release(reservation);
      }
    },
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
