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

  it("answers every kind of value as PGlite's own query does, first run and prepared runs alike", async () => {
    // The worker sends a statement in one trip, untyped parameters as node-postgres does, and keeps
    // it prepared after its first run: the rows must be PGlite's, value for value.
    const own = new PGlite('memory://');
    const ddl = `create table kinds (id int primary key, words text, tags text[], ids uuid[], doc jsonb, big bigint,
      yes boolean, price numeric, at timestamptz, day date, bytes bytea)`;
    await own.exec(ddl);
    await thread.exec(ddl);
    const insert =
      'insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id, words, tags, ids, doc, big, yes, price, at, day, bytes';
    const rows: unknown[][] = [
      [
        1,
        'सङ्गम தமிழ் 🙏',
        ['a,b', 'say "hi"', 'back\\slash', 'हिंदी', '{x}'],
        ['0b5c2a52-6c1e-4c4b-9a3e-1f1f1f1f1f1f'],
        JSON.stringify({ भाषा: 'हिंदी', n: [1, 2] }),
        '9007199254740993',
        true,
        '12.50',
        new Date('2026-11-27T10:00:00.123Z').toISOString(),
        '2026-11-27',
        new Uint8Array([0, 1, 255]),
      ],
      [2, '', [], [], 'null', '-1', false, '0', '1970-01-01T00:00:00Z', '1999-12-31', new Uint8Array([])],
      [3, null, null, null, null, null, null, null, null, null, null],
    ];
    for (const values of rows) {
      // The second and third rows run the statement the first one prepared.
      expect((await thread.query(insert, values)).rows).toEqual((await own.query(insert, values)).rows);
    }
    const select = 'select * from kinds where id = any($1::int[]) order by id';
    const drizzleParsers = { 1184: (v: string) => v, 1082: (v: string) => v, 1114: (v: string) => v };
    for (const options of [{}, { rowMode: 'array' as const, parsers: drizzleParsers }]) {
      const ours = await thread.query(select, [[1, 2, 3]], options);
      const theirs = await own.query(select, [[1, 2, 3]], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    await own.close();
  });

  it('a prepared statement survives its failures, and is prepared anew when its table changes shape', async () => {
    await thread.exec('create table shapes (id int primary key, v text)');
    const insert = 'insert into shapes values ($1, $2) returning *';
    expect((await thread.query(insert, [1, 'एक'])).rows).toEqual([{ id: 1, v: 'एक' }]);
    // A failure on a prepared run (a duplicate key), then the same statement runs again.
    expect(databaseErrorCode(await thread.query(insert, [1, 'again']).catch((e: unknown) => e))).toBe('23505');
    expect((await thread.query(insert, [2, 'दो'])).rows).toEqual([{ id: 2, v: 'दो' }]);
    // A statement that fails to parse is not kept, and a good one after it still runs.
    expect(databaseErrorCode(await thread.query('select nope from shapes where id = $1', [1]).catch((e: unknown) => e))).toBe('42703');
    const read = 'select * from shapes where id = $1';
    expect((await thread.query(read, [2])).rows).toEqual([{ id: 2, v: 'दो' }]);
    // The table changes shape under the prepared "select *": it answers with the new shape.
    await thread.exec('alter table shapes add column n int default 7');
    expect((await thread.query(read, [2])).rows).toEqual([{ id: 2, v: 'दो', n: 7 }]);
    // Inside a transaction a failure aborts it, as in PGlite; the statements work again after.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(insert, [3, 'तीन']);
        await tx.query(insert, [3, 'तीन']);
      }),
    ).rejects.toThrow();
    expect((await thread.query('select count(*)::int as n from shapes')).rows).toEqual([{ n: 2 }]);
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
