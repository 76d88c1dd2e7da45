import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLANS } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { usage, usageReservations, users } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { planChanged } from '@/modules/usage/plan-epoch';
import { openReservationJournal, readOpen, replayReservationJournal } from '@/modules/usage/reservation-journal';
import { recordUsage } from '@/modules/usage/usage.service';
import { createUsageMeter, STALE_RESERVATION_MS } from '@/modules/usage/usage-meter';
import { insertUser, useMemoryDatabasePerTest } from '../../../test/memory-database';

const log = { error: () => {}, warn: () => {} } as unknown as Parameters<typeof createUsageMeter>[0]['log'];
let database: Database;
useMemoryDatabasePerTest((opened) => {
  database = opened;
});
let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-journal-'));
  file = path.join(dir, 'reservations.journal');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const clock = manualClock(Date.UTC(2026, 10, 22));
const meterWith = (journal: ReturnType<typeof openReservationJournal>, freeTokens = 1_000_000) =>
  createUsageMeter({ db: database.db, clock, freeTokens, log, maxInFlight: 100, exclusive: true, journal });
const reservationsOf = async (userId: string) =>
  (await database.db.select().from(usageReservations).where(eq(usageReservations.userId, userId))).map((r) => r.requestId).sort();
const usageOf = async (userId: string) => (await database.db.select().from(usage).where(eq(usage.userId, userId)))[0];
/** Open in the file, as the next start would read it. */
const isOpen = (id: string) => readOpen(fs.readFileSync(file, 'utf8')).some((r) => r.id === id);
const entry = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userId: '11111111-1111-4111-8111-111111111111',
  month: '2026-11',
  requestId: `req-${i}`,
  tokens: 10 * i,
  now: Date.UTC(2026, 10, 22) + i,
});

describe('the reservation journal', () => {
  it('keeps the reservations not marked written, in order, and skips a line cut by a crash or tampered with', () => {
    const journal = openReservationJournal(file);
    for (const i of [1, 2, 3, 4]) journal.add(entry(i));
    journal.done([entry(2).id]);
    journal.close();
    const text = fs.readFileSync(file, 'utf8');
    const cut = `${text}["r","${entry(5).id}","${entry(5).userId}","2026-11","req-5",5`;
    const tampered = `${cut}\n["r","not-a-uuid","${entry(6).userId}","2026-11","req-6",6,1]\n["r","${entry(7).id}","${entry(7).userId}","2026-11","x",1e400,1]\n`;
    expect(readOpen(tampered)).toEqual([entry(1), entry(3), entry(4)]);
    expect(readOpen('')).toEqual([]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('is emptied once every row is written, and rewritten with the unwritten ones past its size limit', () => {
    const journal = openReservationJournal(file);
    journal.add(entry(1));
    journal.add(entry(2));
    journal.done([entry(1).id]);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(isOpen(entry(2).id)).toBe(true);
    journal.done([entry(2).id, entry(9).id]);
    expect(fs.statSync(file).size).toBe(0);
    expect(isOpen(entry(2).id)).toBe(false);
    // Under constant load (never all written) it stays small: 5 MB of reservations, rewritten as they go.
    journal.add(entry(0));
    for (let i = 1; i <= 30_000; i += 1) {
      journal.add({ ...entry(i), requestId: `req-${i}-${'x'.repeat(120)}` });
      journal.done([entry(i).id]);
    }
    expect(fs.statSync(file).size).toBeLessThan(5 * 1024 * 1024);
    expect(readOpen(fs.readFileSync(file, 'utf8'))).toEqual([entry(0)]);
    journal.close();
  });

  it('keeps a line given up for the next start, yet empties what is closed around it', () => {
    const journal = openReservationJournal(file);
    journal.add(entry(1));
    journal.add(entry(2));
    journal.giveUp([entry(1).id, entry(9).id]);
    journal.done([entry(2).id]);
    expect(readOpen(fs.readFileSync(file, 'utf8'))).toEqual([entry(1)]);
    // Answers come and go: the file does not grow without end around the line given up.
    for (let i = 3; i <= 3_000; i += 1) {
      journal.add({ ...entry(i), requestId: `req-${i}-${'x'.repeat(120)}` });
      journal.done([entry(i).id]);
    }
    expect(fs.statSync(file).size).toBeLessThan(80 * 1024);
    expect(readOpen(fs.readFileSync(file, 'utf8'))).toEqual([entry(1)]);
    journal.close();
  });

  it('writes a row for the first answer of a month (its plan comes back), then only journal lines, charged outright', async () => {
    const u = await insertUser(database.db, 'journaled');
    const journal = openReservationJournal(file);
    const meter = meterWith(journal);
    const first = await meter.admit({ userId: u.id, requestId: 'a1', tokens: 50 });
    await first.written;
    // Journaled, and its row on the way: settled before the row is in, the settlement goes after it.
    expect(isOpen(first.reservation.id)).toBe(true);
    expect(readOpen(fs.readFileSync(file, 'utf8')).map((r) => r.requestId)).toEqual(['a1']);
    meter.settle(first.reservation, [{ modelId: 'm', tokens: 7 }]);
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual([]);
    expect(await usageOf(u.id)).toMatchObject({ tokens: 7, requests: 1 });
    expect(fs.statSync(file).size).toBe(0);
    // The plan is known now: the next answer gets no row, only its journal line until it is charged.
    const second = await meter.admit({ userId: u.id, requestId: 'a2', tokens: 50 });
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual([]);
    expect(isOpen(second.reservation.id)).toBe(true);
    meter.settle(second.reservation, [{ modelId: 'm', tokens: 5 }]);
    // Settled twice (a bug elsewhere): charged once.
    meter.settle(second.reservation, [{ modelId: 'm', tokens: 5 }]);
    await meter.flush();
    expect(await usageOf(u.id)).toMatchObject({ tokens: 12, requests: 2 });
    expect(isOpen(second.reservation.id)).toBe(false);
    expect(fs.statSync(file).size).toBe(0);
    // Released: nothing is written, nothing is charged, and its line is closed at once.
    const third = await meter.admit({ userId: u.id, requestId: 'a3', tokens: 50 });
    meter.release(third.reservation);
    expect(fs.statSync(file).size).toBe(0);
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual([]);
    expect(await usageOf(u.id)).toMatchObject({ tokens: 12, requests: 2 });
    journal.close();
  });

  it('charges at the next start the reservations a killed process left open in the journal', async () => {
    const u = await insertUser(database.db, 'killed');
    const gone = '22222222-2222-4222-8222-222222222222';
    const journal = openReservationJournal(file);
    const meter = meterWith(journal);
    // The first answer of the month: its row is written (and the plan read).
    const first = await meter.admit({ userId: u.id, requestId: 'k1', tokens: 300 });
    await meter.flush();
    expect(first.reservation.requestId).toBe('k1');
    // The next one has only its journal line; one more line for a user deleted meanwhile.
    const second = await meter.admit({ userId: u.id, requestId: 'k2', tokens: 400 });
    await second.written;
    journal.add({ ...entry(2), userId: gone });
    // A third answer was settled and its charge written, but the process was killed before it closed the line.
    const third = { ...entry(3), userId: u.id, requestId: 'k3' };
    journal.add(third);
    await recordUsage(database.db, [
      { userId: u.id, requestId: 'k3', now: third.now, byModel: [{ modelId: 'm', tokens: 25 }], reservationId: third.id },
    ]);
    // kill -9 here: neither of the first two answers is settled.
    journal.close();
    expect(await reservationsOf(u.id)).toEqual(['k1']);

    // The next start: k2's row is inserted (k1's is kept as it is), the user who is gone is skipped,
    // and k3, charged already, is not charged again.
    expect(await replayReservationJournal({ db: database.db, file, log })).toBe(2);
    expect(await reservationsOf(u.id)).toEqual(['k1', 'k2']);
    expect(fs.statSync(file).size).toBe(0);
    expect(await replayReservationJournal({ db: database.db, file, log })).toBe(0);
    // Past any answer's lifetime, both are counted as they are.
    const later = manualClock(clock.now() + STALE_RESERVATION_MS + 1000);
    const next = createUsageMeter({ db: database.db, clock: later, freeTokens: 1_000_000, log });
    expect(await next.read(u.id, later.now())).toMatchObject({ tokens: 725, requests: 3 });
  });

  it('keeps an answer going when its row cannot be written, and writes the row and its settlement once the database takes them', async () => {
    const u = await insertUser(database.db, 'retried');
    const journal = openReservationJournal(file);
    const meter = meterWith(journal);
    // The user's month is loaded (the first answer), then the table goes away.
    const warm = await meter.admit({ userId: u.id, requestId: 'r0', tokens: 20 });
    meter.release(warm.reservation);
    await meter.flush();
    // A plan changed somewhere: the next answer writes a row to read the plan again.
    planChanged();
    await database.db.execute('alter table usage_reservations rename to usage_reservations_away');
    const { reservation, written } = await meter.admit({ userId: u.id, requestId: 'r1', tokens: 20 });
    await expect(written).resolves.toBeUndefined();
    await meter.flush();
    meter.settle(reservation, [{ modelId: 'm', tokens: 3 }]);
    await meter.flush();
    expect(isOpen(reservation.id)).toBe(true);
    expect(await usageOf(u.id)).toBeUndefined();
    await database.db.execute('alter table usage_reservations_away rename to usage_reservations');
    await meter.flush();
    expect(isOpen(reservation.id)).toBe(false);
    expect(await reservationsOf(u.id)).toEqual([]);
    expect(await usageOf(u.id)).toMatchObject({ tokens: 3, requests: 1 });
    journal.close();
  });

  it('gives up a settlement the database keeps refusing: its line is left for the next start, which counts it', async () => {
    const u = await insertUser(database.db, 'given-up');
    const journal = openReservationJournal(file);
    const meter = meterWith(journal);
    const warm = await meter.admit({ userId: u.id, requestId: 'g0', tokens: 20 });
    meter.release(warm.reservation);
    await meter.flush();
    const lost = await meter.admit({ userId: u.id, requestId: 'g1', tokens: 30 });
    await database.db.execute('alter table usage rename to usage_away');
    meter.settle(lost.reservation, [{ modelId: 'm', tokens: 4 }]);
    for (let i = 0; i < 6; i += 1) await meter.flush();
    await database.db.execute('alter table usage_away rename to usage');
    expect(isOpen(lost.reservation.id)).toBe(true);
    // Later answers are charged and closed as usual; the line given up stays.
    const next = await meter.admit({ userId: u.id, requestId: 'g2', tokens: 10 });
    meter.settle(next.reservation, [{ modelId: 'm', tokens: 2 }]);
    await meter.flush();
    expect(await usageOf(u.id)).toMatchObject({ tokens: 2, requests: 1 });
    // Nor does it keep the file growing: 800 more answers, and it holds little more than that line.
    for (let round = 0; round < 16; round += 1) {
      const admitted = await Promise.all(
        Array.from({ length: 50 }, (_, i) => meter.admit({ userId: u.id, requestId: `g-${round}-${i}-${'x'.repeat(120)}`, tokens: 1 })),
      );
      for (const a of admitted) meter.settle(a.reservation, [{ modelId: 'm', tokens: 0 }]);
      await meter.flush();
    }
    expect(fs.statSync(file).size).toBeLessThan(80 * 1024);
    expect(readOpen(fs.readFileSync(file, 'utf8')).map((r) => r.requestId)).toEqual(['g1']);
    journal.close();
    // The next start writes its row; past any answer's lifetime it is counted as reserved.
    expect(await replayReservationJournal({ db: database.db, file, log })).toBe(1);
    const later = manualClock(clock.now() + STALE_RESERVATION_MS + 1000);
    const again = createUsageMeter({ db: database.db, clock: later, freeTokens: 1_000_000, log });
    expect(await again.read(u.id, later.now())).toMatchObject({ tokens: 32, requests: 802 });
  });

  it('still waits for the database before an answer when the allowance may be reached, and refuses it there', async () => {
    const u = await insertUser(database.db, 'near-limit');
    const journal = openReservationJournal(file);
    const meter = meterWith(journal, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => meter.reserve({ userId: u.id, requestId: `n${i}`, tokens: 60 })),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual(['n0', 'n1']);
    expect(readOpen(fs.readFileSync(file, 'utf8'))).toEqual([]);
    journal.close();
  });

  it('reads the plan again after a plan change: answers past the new allowance are refused', async () => {
    const u = await insertUser(database.db, 'downgraded');
    const pro = PLANS.reduce((a, b) => (b.tokens > a.tokens ? b : a));
    await database.db.update(users).set({ plan: pro.id }).where(eq(users.id, u.id));
    const journal = openReservationJournal(file);
    const meter = meterWith(journal, 100);
    const first = await meter.admit({ userId: u.id, requestId: 'd1', tokens: 10 });
    meter.settle(first.reservation, [{ modelId: 'm', tokens: 150 }]);
    await meter.flush();
    // Past the free allowance, within the plan's: admitted in memory, no row.
    const second = await meter.admit({ userId: u.id, requestId: 'd2', tokens: 10 });
    meter.release(second.reservation);
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual([]);
    // Downgraded to the free plan: the next answer's row reads the plan, and the one after is refused.
    await database.db.update(users).set({ plan: 'free' }).where(eq(users.id, u.id));
    planChanged();
    const third = await meter.admit({ userId: u.id, requestId: 'd3', tokens: 10 });
    meter.release(third.reservation);
    await meter.flush();
    await expect(meter.admit({ userId: u.id, requestId: 'd4', tokens: 10 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    journal.close();
  });
});
