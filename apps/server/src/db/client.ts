import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import { vacuumPeriodically } from './pglite-vacuum';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; ping: () => Promise<void>; close: () => Promise<void> };

/** Rows of a statement run by the driver itself: a plain object per row, keyed by column name. */
export type RawRows<Row> = { rows: Row[] };
type DriverClient = { query: (text: string, params: unknown[]) => Promise<RawRows<unknown>> };

/**
 * Runs one statement straight on the driver (PGlite or node-postgres), for the few statements every
 * answer runs (issue 22): drizzle's query building and result mapping cost 0.1 ms for `select 1` and
 * 0.27 ms for the usage function's 17 array parameters on PGlite, about a quarter of the write. The
 * statement is a fixed text with numbered parameters (`$1`), never built from values. A transaction's
 * handle has no driver client of its own: it goes through drizzle, inside the transaction.
 */
export async function runRaw<Row>(db: Db, text: string, params: unknown[]): Promise<RawRows<Row>> {
  const client = (db as unknown as { $client?: DriverClient }).$client;
  // On PostgreSQL each text is a named prepared statement on every connection that runs it: parsed
  // and planned once per connection, not once per answer (PGlite's worker keeps its own, by text).
  if (client instanceof pg.Pool) return (await client.query({ name: preparedName(text), text, values: params })) as unknown as RawRows<Row>;
  if (client && typeof client.query === 'function') return (await client.query(text, params)) as RawRows<Row>;
  const parts = text.split(/(\$\d+)/).map((piece) => {
    const n = /^\$(\d+)$/.exec(piece)?.[1];
    return n ? sql`${sql.param(params[Number(n) - 1])}` : sql.raw(piece);
  });
  return (await db.execute(sql.join(parts))) as unknown as RawRows<Row>;
}

/** A statement's name on PostgreSQL, from its text: one name per text, so no two texts share one. */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `sangam_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** Finds the migrations folder from the source tree or from the bundled dist. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found');
}

/**
 * Ends a pool and waits until every connection is really closed: `pool.end()` resolves while the
 * clients are still saying goodbye, so a database dropped right after it would kill them mid-way.
 */
function endableWhenClosed(pool: pg.Pool) {
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => open.add(client));
  const removed = new Map<pg.PoolClient, () => void>();
  pool.on('remove', (client) => {
    open.delete(client);
    removed.get(client)?.();
  });
  return async () => {
    await pool.end();
    await Promise.all([...open].map((client) => new Promise<void>((resolve) => removed.set(client, resolve))));
  };
}

/**
 * PGlite's PostgreSQL settings on top of its defaults. Its shared buffers default to 128 MB, all of
 * it held by the process from the start; 16 MB (2,048 pages) keeps a small database's working set
 * and leaves the rest to the operating system's file cache (issue 22: the server's memory on
 * PGlite). 32 MB held 45 to 60 MB more after 4,000 answers, at the same answers per second.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * Creates a new PGlite data directory (initdb) in a child process that ends afterwards. initdb runs
 * in a WebAssembly instance of its own whose memory (about 450 MB) PGlite never gives back, and a
 * worker thread's would stay in the process's heap too; a child's goes back to the system, so a first
 * start holds no more memory than a restart does.
 */
async function createDataDirectory(location: string): Promise<void> {
  if (fs.existsSync(path.join(location, 'PG_VERSION'))) return;
  fs.mkdirSync(location, { recursive: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `
    const [pglite, location, settings] = JSON.parse(process.argv[1]);
    const { PGlite } = require(pglite);
    const db = new PGlite(location, { startParams: [...PGlite.defaultStartParams, ...settings] });
    db.waitReady.then(() => db.close());`;
  const args = JSON.stringify([pglite, location, PGLITE_SETTINGS]);
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--input-type=commonjs', '-e', script, args], { timeout: 300_000 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`Creating the database in ${location} failed: ${stderr.trim().slice(-500) || err.message}`)) : resolve(),
    );
  });
}

/**
 * Opens the database chosen once at start: PostgreSQL when a URL is given, otherwise the embedded
 * PGlite inside the data directory (or in memory for `memory://`). Migrations are applied here.
 */
export async function openDatabase({ url, dataDir }: { url?: string; dataDir: string }): Promise<Database> {
  const folder = migrationsFolder();
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A connection the server drops while idle (restart, failover) must not crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const end = endableWhenClosed(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: end,
    };
  }
  const location = dataDir === 'memory://' ? 'memory://' : path.join(dataDir, 'db');
  if (location !== 'memory://') await createDataDirectory(location);
  // In a worker thread of its own (decision 018): a statement no longer holds the event loop.
  const client = await PgliteThread.open(location, [...PGlite.defaultStartParams, ...PGLITE_SETTINGS]);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder: folder });
  // PGlite runs no autovacuum: the tables the answer path updates are vacuumed here (pglite-vacuum.ts).
  const stopVacuum = vacuumPeriodically((statement) => client.query(statement), {
    onError: (err) => console.error(`Vacuuming the embedded database failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => {
      stopVacuum();
      return client.close();
    },
  };
}
