import { PLANS } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { usage, usageReservations, users } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { createUsageMeter } from '@/modules/usage/usage-meter';
import { insertUser, useMemoryDatabasePerTest } from '../../../test/memory-database';

const log = { error: () => {}, warn: () => {} } as unknown as Parameters<typeof createUsageMeter>[0]['log'];
let database: Database;
const newUser = (username: string) => insertUser(database.db, username);
const clock = manualClock(Date.UTC(2026, 10, 22));
const meterOf = (freeTokens: number, maxInFlight = 100) =>
  createUsageMeter({ db: database.db, clock, freeTokens, log, maxInFlight, exclusive: true });
useMemoryDatabasePerTest((opened) => {
  database = opened;
});
/** The request ids of the user's reservation rows in the database, sorted. */
const reservationsOf = async (userId: string) =>
  (await database.db.select().from(usageReservations).where(eq(usageReservations.userId, userId))).map((r) => r.requestId).sort();

describe('usage meter of the database only process (PGlite)', () => {
  it('admits parallel reservations only while the allowance holds them, and writes each one', async () => {
    const u = await newUser('parallel');
    const meter = meterOf(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => meter.reserve({ userId: u.id, requestId: `p${i}`, tokens: 300 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(26).fill('QUOTA_EXCEEDED'),
    );
    await meter.flush();
    // The admitted four are in the database (a kill -9 now charges them as they are).
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id))).toHaveLength(4);
  });

  it('counts usage and reservations already in the database, and settlements at once', async () => {
    const u = await newUser('loaded');
    await database.db.insert(usage).values({ userId: u.id, month: '2026-11', tokens: 500, requests: 1 });
    await database.db.insert(usageReservations).values({ userId: u.id, month: '2026-11', requestId: 'old', tokens: 300 });
    const meter = meterOf(1000);
    const first = await meter.reserve({ userId: u.id, requestId: 'a', tokens: 200 });
    await expect(meter.reserve({ userId: u.id, requestId: 'b', tokens: 1 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    // Settled for less than reserved: the rest is free again at once, before the batch is written.
    meter.settle(first, [{ modelId: 'm', tokens: 50 }]);
    await expect(meter.reserve({ userId: u.id, requestId: 'c', tokens: 10 })).resolves.toMatchObject({ requestId: 'c' });
    await meter.flush();
    expect((await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0]).toMatchObject({ tokens: 550, requests: 2 });
  });

  it('caps answers in flight with TOO_MANY_ANSWERS, frees a slot once released, and refuses a deleted user', async () => {
    const u = await newUser('flight');
    const meter = meterOf(1_000_000, 3);
    const held = await Promise.all([0, 1, 2].map((i) => meter.reserve({ userId: u.id, requestId: `f${i}`, tokens: 10 })));
    await expect(meter.reserve({ userId: u.id, requestId: 'f3', tokens: 10 })).rejects.toMatchObject({ code: 'TOO_MANY_ANSWERS' });
    const [first] = held;
    if (!first) throw new Error('no reservation');
    meter.release(first);
    meter.release(first);
    await expect(meter.reserve({ userId: u.id, requestId: 'f4', tokens: 10 })).resolves.toMatchObject({ requestId: 'f4' });
    await expect(meter.reserve({ userId: u.id, requestId: 'f5', tokens: 10 })).rejects.toMatchObject({ code: 'TOO_MANY_ANSWERS' });
    await database.db.delete(users).where(eq(users.id, u.id));
    const gone = meterOf(1_000_000, 3);
    await expect(gone.reserve({ userId: u.id, requestId: 'g', tokens: 10 })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('admits below every plan before the row is written, and writes it (admit)', async () => {
    const u = await newUser('early');
    const meter = meterOf(1_000_000);
    const { reservation, written } = await meter.admit({ userId: u.id, requestId: 'e1', tokens: 10 });
    // Admitted in memory: the row is still on its way.
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id))).toHaveLength(0);
    await written;
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.id, reservation.id))).toHaveLength(1);
    meter.settle(reservation, [{ modelId: 'm', tokens: 7 }]);
    await meter.flush();
    expect((await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0]).toMatchObject({ tokens: 7, requests: 1 });
  });

  it('refuses a deleted user when the row is written, giving the slot back once however often it is released (admit)', async () => {
    const u = await newUser('gone-early');
    const meter = meterOf(1_000_000, 1);
    await meter.flush();
    await expect(meter.reserve({ userId: u.id, requestId: 'warm', tokens: 1 }).then((r) => meter.release(r))).resolves.toBeUndefined();
    await database.db.delete(users).where(eq(users.id, u.id));
    const { reservation, written } = await meter.admit({ userId: u.id, requestId: 'x', tokens: 10 });
    await expect(written).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    meter.release(reservation);
    meter.release(reservation);
    // The one slot is free again (not freed twice: a second answer in flight is still refused).
    const again = await meter.admit({ userId: u.id, requestId: 'y', tokens: 10 });
    await expect(again.written).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const third = await meter.admit({ userId: u.id, requestId: 'z', tokens: 10 });
    await expect(meter.admit({ userId: u.id, requestId: 'w', tokens: 10 })).rejects.toMatchObject({ code: 'TOO_MANY_ANSWERS' });
    await expect(third.written).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('waits for the write near the allowance, refusing as reserve does (admit)', async () => {
    const u = await newUser('near');
    // Below every plan's allowance only while under the free plan's 100 tokens.
    const meter = meterOf(100);
    const first = await meter.admit({ userId: u.id, requestId: 'n1', tokens: 100 });
    await first.written;
    await expect(meter.admit({ userId: u.id, requestId: 'n2', tokens: 1 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await meter.flush();
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id))).toHaveLength(1);
  });
  it('past every plan, starts early within the plan its last write read; a plan changed since is refused by the write (admit)', async () => {
    const lowest = Math.min(...PLANS.map((p) => p.tokens));
    const u = await newUser('known-plan');
    const meter = meterOf(lowest * 10);
    // The first write reads the (free) plan; its allowance is ten times the lowest plan's.
    const first = await meter.admit({ userId: u.id, requestId: 'k1', tokens: 1 });
    await first.written;
    meter.settle(first.reservation, [{ modelId: 'm', tokens: lowest * 2 }]);
    const second = await meter.admit({ userId: u.id, requestId: 'k2', tokens: 1 });
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.requestId, 'k2'))).toHaveLength(0);
    await second.written;
    meter.settle(second.reservation, [{ modelId: 'm', tokens: 1 }]);
    // Moved to the smallest paid plan: admitted early on the plan it knew, refused once the write reads the new one.
    const smallest = PLANS.reduce((a, b) => (b.tokens < a.tokens ? b : a));
    await database.db.update(users).set({ plan: smallest.id }).where(eq(users.id, u.id));
    const third = await meter.admit({ userId: u.id, requestId: 'k3', tokens: 1 });
    await expect(third.written).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    meter.release(third.reservation);
    // Now it knows: the next one waits for the write and is refused before any model runs.
    await expect(meter.admit({ userId: u.id, requestId: 'k4', tokens: 1 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('writes a reservation without waiting for the settlements, which follow within their own batch', async () => {
    const u = await newUser('split');
    const meter = meterOf(1_000_000);
    const first = await meter.reserve({ userId: u.id, requestId: 's1', tokens: 10 });
    meter.settle(first, [{ modelId: 'm', tokens: 4 }]);
    // The next answer's reservation is in the database at once; the settlement of the first waits.
    const second = await meter.reserve({ userId: u.id, requestId: 's2', tokens: 10 });
    expect(await reservationsOf(u.id)).toEqual(['s1', 's2']);
    expect(await database.db.select().from(usage).where(eq(usage.userId, u.id))).toHaveLength(0);
    // Within SETTLE_AFTER_MS it is written on its own.
    await new Promise((r) => setTimeout(r, 100));
    expect(await reservationsOf(u.id)).toEqual(['s2']);
    expect((await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0]).toMatchObject({ tokens: 4, requests: 1 });
    meter.release(second);
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual([]);
  });

  it('a reservation released before its row is written leaves nothing behind and charges nothing', async () => {
    const u = await newUser('released-early');
    const meter = meterOf(1_000_000);
    const { reservation, written } = await meter.admit({ userId: u.id, requestId: 'r1', tokens: 10 });
    // Given back on the same turn, before the reservation's write has started.
    meter.release(reservation);
    await written;
    await meter.flush();
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id))).toHaveLength(0);
    expect(await database.db.select().from(usage).where(eq(usage.userId, u.id))).toHaveLength(0);
    // Many at once, released while their rows are being written: the same.
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => meter.admit({ userId: u.id, requestId: `m${i}`, tokens: 1 })));
    for (const [i, m] of many.entries()) if (i % 2) meter.release(m.reservation);
    await Promise.all(many.map((m) => m.written));
    for (const [i, m] of many.entries()) if (!(i % 2)) meter.settle(m.reservation, [{ modelId: 'm', tokens: 2 }]);
    await meter.flush();
    expect(await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id))).toHaveLength(0);
    expect((await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0]).toMatchObject({ tokens: 40, requests: 20 });
  });
  it('writes the reservations of a batch even when the settlements behind them are refused', async () => {
    const u = await newUser('split-failure');
    const meter = meterOf(1_000_000);
    const first = await meter.reserve({ userId: u.id, requestId: 'f1', tokens: 10 });
    meter.settle(first, [{ modelId: 'm', tokens: 4 }]);
    await database.db.execute('alter table usage_events rename to usage_events_away');
    // The next answer's reservation and the waiting settlement go in one batch: the settlement fails.
    const second = await meter.admit({ userId: u.id, requestId: 'f2', tokens: 10 });
    await meter.flush();
    await expect(second.written).resolves.toBeUndefined();
    expect(await reservationsOf(u.id)).toEqual(['f1', 'f2']);
    // The settlement waits for a later batch, and is written once the database takes it.
    await database.db.execute('alter table usage_events_away rename to usage_events');
    await meter.flush();
    expect(await reservationsOf(u.id)).toEqual(['f2']);
    expect((await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0]).toMatchObject({ tokens: 4, requests: 1 });
  });
});
