import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { insertReservations, type NewReservation, unchargedReservations } from '@/modules/usage/usage.service';

/**
 * The reservations of a PGlite server, journaled before their rows reach the database (DATA_DIR/
 * reservations.journal). An answer goes on once its reservation is appended here: a write(2) into the
 * page cache, which survives kill -9 (PGlite itself does not fsync either). Most reservations then
 * never get a row (the usage meter charges their settlements outright); what a killed process left
 * open is inserted as rows at the next start (`replayReservationJournal`) and counted as is, like any
 * reservation a dead process left behind.
 *
 * One JSON array per line: `["r", id, userId, month, requestId, tokens, createdAtMs]` a reservation,
 * `["w", id, ...]` reservations closed: their rows are in the database, or they were settled or
 * released without one. When none is open the file is emptied; under constant load, past COMPACT_AT
 * bytes, it is rewritten with the open ones. A reservation whose settlement could not be written is
 * given up: its line stays in the file for the next start, but no longer keeps the file from emptying
 * (once past KEPT_SLACK bytes, it is rewritten with the lines given up alone).
 */
const COMPACT_AT = 4 * 1024 * 1024;
const KEPT_SLACK = 64 * 1024;

const lineOf = (r: NewReservation) => JSON.stringify(['r', r.id, r.userId, r.month, r.requestId, r.tokens, r.now]);

export type ReservationJournal = ReturnType<typeof openReservationJournal>;

export function openReservationJournal(file: string) {
  let fd = fs.openSync(file, 'a', 0o600);
  let size = fs.fstatSync(fd).size;
  /** The journaled reservations still open (no row in the database yet, or none to come), by id. */
  const open = new Map<string, NewReservation>();
  /** Those given up: left for the next start to count, and the bytes of their lines. */
  const kept = new Map<string, NewReservation>();
  let keptBytes = 0;
  const append = (line: string) => {
    const bytes = Buffer.from(`${line}\n`);
    fs.writeSync(fd, bytes);
    size += bytes.length;
  };
  /** Rewritten aside and renamed over, so a crash leaves one whole journal or the other. */
  const rewrite = () => {
    const next = `${file}.next`;
    fs.writeFileSync(next, [...kept.values(), ...open.values()].map((r) => `${lineOf(r)}\n`).join(''), { mode: 0o600 });
    fs.renameSync(next, file);
    fs.closeSync(fd);
    fd = fs.openSync(file, 'a', 0o600);
    size = fs.fstatSync(fd).size;
  };
  /** After lines were closed: empties or rewrites the file when it may, else notes them closed. */
  const closed = (ids: string[]) => {
    if (open.size === 0 && kept.size === 0) {
      fs.ftruncateSync(fd, 0);
      size = 0;
    } else if (size > keptBytes + (open.size === 0 ? KEPT_SLACK : COMPACT_AT)) rewrite();
    else if (ids.length) append(JSON.stringify(['w', ...ids]));
  };
  return {
    /** Journals a reservation: once this returns, a kill -9 does not lose it. */
    add(r: NewReservation) {
      append(lineOf(r));
      open.set(r.id, r);
    },
    /** These reservations are done with: their rows are in the database, or they were settled or released without one. */
    done(ids: string[]) {
      const known = ids.filter((id) => open.delete(id));
      if (known.length) closed(known);
    },
    /**
     * These reservations' settlements could not be written: their lines stay for the next start,
     * which counts them as they are, and no longer keep the journal from emptying.
     */
    giveUp(ids: string[]) {
      let moved = 0;
      for (const id of ids) {
        const r = open.get(id);
        if (!r) continue;
        open.delete(id);
        kept.set(id, r);
        keptBytes += Buffer.byteLength(lineOf(r)) + 1;
        moved += 1;
      }
      if (moved) closed([]);
    },
    close() {
      fs.closeSync(fd);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The journal's reservations never closed, in order. A line cut by a crash is skipped. */
export function readOpen(text: string): NewReservation[] {
  const reserved = new Map<string, NewReservation>();
  for (const line of text.split('\n')) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(entry)) continue;
    if (entry[0] === 'w') for (const id of entry.slice(1)) reserved.delete(String(id));
    else if (entry[0] === 'r' && entry.length === 7) {
      const [, id, userId, month, requestId, tokens, now] = entry;
      if (UUID.test(String(id)) && UUID.test(String(userId)) && Number.isSafeInteger(tokens) && Number.isFinite(now))
        reserved.set(String(id), {
          id: String(id),
          userId: String(userId),
          month: String(month),
          requestId: String(requestId),
          tokens,
          now,
        });
    }
  }
  return [...reserved.values()];
}

/**
 * At start, before any answer: inserts the rows of the reservations a killed process journaled but
 * never wrote (a row already there is kept, a user who is gone is skipped, and one whose settlement
 * was written before the process was killed is not written again), then empties the journal.
 * They are counted as is, like every reservation left by a process that died.
 */
export async function replayReservationJournal({ db, file, log }: { db: Db; file: string; log: FastifyBaseLogger }) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const open = readOpen(text);
  const uncharged = await unchargedReservations(
    db,
    open.map((r) => r.id),
  );
  const left = open.filter((r) => uncharged.has(r.id));
  if (left.length) {
    await insertReservations(db, left);
    log.warn({ reservations: left.length }, 'reservations of a stopped process recovered from the journal');
  }
  fs.truncateSync(file, 0);
  return left.length;
}
