import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { usage, usageEvents, usageReservations } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { recordUsage } from '@/modules/usage/usage.service';
import { createUsageMeter } from '@/modules/usage/usage-meter';
import { openTestDatabase } from './helper';
import { insertUser } from './memory-database';

// Migration 0021: a reservation commits without waiting for the disk, so that PostgreSQL can lose it
// in a crash of its own; its settlement must then still charge, and only once. On PGlite in memory,
// and on the PostgreSQL server of TEST_DATABASE_URL.
const errors: unknown[] = [];
const log = { error: (o: unknown) => errors.push(o), warn: () => {} } as unknown as Parameters<typeof createUsageMeter>[0]['log'];
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase('memory://'));
});
afterAll(async () => {
  await database.close();
  await drop();
});
const newUser = (username: string) => insertUser(database.db, username);
const usageOf = async (userId: string) => (await database.db.select().from(usage).where(eq(usage.userId, userId)))[0];

describe('a reservation committed asynchronously', () => {
  it('charges a settlement whose reservation row was lost (committed asynchronously, then a database crash), once', async () => {
    const u = await newUser('lost-row');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 100_000, log });
    const kept = await meter.reserve({ userId: u.id, requestId: 'kept', tokens: 50 });
    const lost = await meter.reserve({ userId: u.id, requestId: 'lost', tokens: 50 });
    // PostgreSQL came back without the reservation's row: it never reached the disk.
    await database.db.delete(usageReservations).where(eq(usageReservations.id, lost.id));
    meter.settle(kept, [{ modelId: 'a', tokens: 3 }]);
    meter.settle(lost, [
      { modelId: 'a', tokens: 4 },
      { modelId: 'b', tokens: 5 },
    ]);
    await meter.flush();
    expect(errors).toEqual([]);
    expect(await usageOf(u.id)).toMatchObject({ tokens: 12, requests: 2 });
    const events = await database.db.select().from(usageEvents).where(eq(usageEvents.requestId, 'lost'));
    expect(events.map((e) => e.reservationId)).toEqual([lost.id, lost.id]);
    // The same settlement again (its first write went through, its answer did not arrive): not counted twice.
    await recordUsage(database.db, [
      { userId: u.id, now: clock.now(), requestId: 'lost', byModel: [{ modelId: 'a', tokens: 4 }], reservationId: lost.id },
    ]);
    await recordUsage(database.db, [
      { userId: u.id, now: clock.now(), requestId: 'kept', byModel: [{ modelId: 'a', tokens: 3 }], reservationId: kept.id },
    ]);
    expect(await usageOf(u.id)).toMatchObject({ tokens: 12, requests: 2 });
    // A release of a lost reservation charges nothing.
    const released = await meter.reserve({ userId: u.id, requestId: 'released', tokens: 50 });
    await database.db.delete(usageReservations).where(eq(usageReservations.id, released.id));
    meter.release(released);
    await meter.flush();
    expect(await usageOf(u.id)).toMatchObject({ tokens: 12, requests: 2 });
  });

  it("commits a reservation without waiting for the disk, and only the reservation's transaction", async () => {
    const u = await newUser('async-commit');
    const setting = async (tx: { execute: (query: SQL) => Promise<unknown> }) =>
      ((await tx.execute(sql`select current_setting('synchronous_commit') as value`)) as unknown as { rows: Array<{ value: string }> })
        .rows[0]?.value;
    const before = await setting(database.db);
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select * from sangam_reserve_usage(${u.id}::uuid, '2026-11', 'r', 10, now(), now() - interval '1 hour', 4, '{}'::jsonb, 1000)`,
      );
      // Set by the function, it lasts until this transaction commits (the function's own SET clause names another setting).
      expect(await setting(tx)).toBe('off');
    });
    expect(await setting(database.db)).toBe(before);
  });
});
