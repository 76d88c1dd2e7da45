import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '@/db/pglite-thread';
import { databaseErrorCode } from '@/errors';

let thread: PgliteThread;
beforeAll(async () => {
  thread = await PgliteThread.open('memory://', PGlite.defaultStartParams);
  await thread.exec('create table t (id int primary key, v text, at timestamptz, b bytea)');
});
afterAll(() => thread.close());

describe('PGlite in a worker thread (decision 018)', () => {
  it('passes parameters and rows both ways: Unicode, arrays, bytes, timestamps as drizzle asks', async () => {
    const words = "सङ्गम தமிழ் 🙏 'quoted' \"; drop table t; --";
    await thread.query('insert into t values ($1, $2, $3, $4)', [1, words, '2026-11-27T10:00:00Z', new Uint8Array([0, 1, 255])]);
    const asObjects = await thread.query('select v, at, b from t where id = any($1::int[])', [[1, 2]]);
    expect(asObjects.rows).toEqual([{ v: words, at: new Date('2026-11-27T10:00:00Z'), b: new Uint8Array([0, 1, 255]) }]);
    // drizzle's parsers: a timestamp comes back as PostgreSQL's text.
    const asText = await thread.query('select at from t', [], { rowMode: 'array', parsers: { 1184: (value: string) => value } });
    expect(asText.rows).toEqual([['2026-11-27 10:00:00+00']]);
    expect(asText.fields.map((f) => f.name)).toEqual(['at']);
    // Any other parser is a function that cannot cross to the worker: refused, not ignored.
    await expect(thread.query('select 1', [], { parsers: { 23: (value: string) => Number(value) * 2 } })).rejects.toThrow(/parsers/);
  });

  it("rebuilds the database's error with its SQLSTATE, and goes on after it", async () => {
    const err = await thread.query('insert into t (id) values (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(databaseErrorCode(err)).toBe('23505');
    expect((err as Error & { constraint?: string }).constraint).toBe('t_pkey');
    expect((await thread.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('holds the connection during a transaction: a statement from outside waits, and a throw rolls back', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inside = thread.transaction(async (tx) => {
      await tx.query('insert into t (id, v) values (2, $1)', ['inside']);
      order.push('inside wrote');
      await held;
      // Not yet committed: the outside statement has not run.
      order.push('inside ends');
      throw new Error('given up');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query('select count(*)::int as n from t').then((r) => {
      order.push('outside read');
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(inside).rejects.toThrow('given up');
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['inside wrote', 'inside ends', 'outside read']);

    // Committed when the work resolves; two transactions asked at once run one after the other.
    await Promise.all([3, 4].map((id) => thread.transaction((tx) => tx.query('insert into t (id) values ($1)', [id]))));
    expect((await thread.query('select array_agg(id order by id) as ids from t')).rows).toEqual([{ ids: [1, 3, 4] }]);
  });

  it("runs drizzle's queries and transactions, nested ones as savepoints", async () => {
    const db = drizzle({ client: thread as unknown as PGlite });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (5, ${'बाहर'})`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id, v) values (6, 'rolled back')`);
          inner.rollback();
        })
        .catch(() => {});
    });
    const rows = (await db.execute(sql`select id, v from t where id >= 5 order by id`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ id: 5, v: 'बाहर' }]);
  });

  it('keeps the event loop free while a long statement runs', async () => {
    // A timer every 5 ms: the longest gap between its ticks (and the statement's start and end) is
    // how long the event loop was held. In-process, PGlite holds it for the whole statement.
    const ticks: number[] = [];
    const started = performance.now();
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    await thread.query('select count(*) from generate_series(1, 3000000)');
    const ended = performance.now();
    clearInterval(timer);
    const points = [started, ...ticks, ended];
    const longest = Math.max(...points.slice(1).map((t, i) => t - (points[i] ?? t)));
    expect(ended - started).toBeGreaterThan(100);
    expect(longest).toBeLessThan((ended - started) / 2);
  });

  it('closes after the statements already sent, and refuses later ones with a clear error', async () => {
    const other = await PgliteThread.open('memory://', PGlite.defaultStartParams);
    const waiting = other.query('select 1 as one from pg_sleep(0.2)');
    await other.close();
    expect((await waiting).rows).toEqual([{ one: 1 }]);
    await expect(other.query('select 1')).rejects.toThrow('The database is closed.');
  });
});
