import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { VACUUM_STATEMENT, vacuumPeriodically } from '@/db/pglite-vacuum';
import { insertUser } from '../../test/memory-database';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('vacuuming the embedded database (PGlite runs no autovacuum)', () => {
  it("gives back the space of the rows the answer path deletes (a busy user's reservations, come and gone)", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = database;
      const user = await insertUser(db, 'vacuum');
      for (let i = 0; i < 10; i += 1) {
        await db.execute(
          sql`insert into usage_reservations (user_id, month, request_id, tokens, created_at) select ${user.id}, '2026-11', 'r' || g, 10, now() from generate_series(1, 500) g`,
        );
        await db.execute(sql`delete from usage_reservations`);
      }
      // Without a vacuum no deleted row's space is used again: the table holds ten rounds' rows.
      const size = async () =>
        Number(rowsOf<{ n: string }>(await db.execute(sql`select pg_relation_size('usage_reservations') as n`))[0]?.n);
      const churned = await size();
      expect(churned).toBeGreaterThan(100_000);
      await db.execute(sql.raw(VACUUM_STATEMENT));
      expect(await size()).toBeLessThan(churned / 5);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('runs one vacuum at a time on its period, and none after it is stopped', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    const stop = vacuumPeriodically(
      async (statement) => {
        expect(statement).toMatch(/^VACUUM \(ANALYZE\) usage_reservations, usage, messages, conversations, /);
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise((done) => setTimeout(done, 45));
        running -= 1;
      },
      { everyMs: 10, onError: () => {} },
    );
    await new Promise((done) => setTimeout(done, 200));
    stop();
    const stopped = runs;
    await new Promise((done) => setTimeout(done, 100));
    expect(stopped).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(runs).toBe(stopped);
  });
});
