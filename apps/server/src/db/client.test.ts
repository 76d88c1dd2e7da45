import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, runRaw } from '@/db/client';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('openDatabase (PGlite in a data directory)', () => {
  it('creates a new directory in a child process, migrates it, and reopens it with its rows', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-db-'));
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir });
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('सङ्गम 🙏')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    const rows = (await again.db.execute(sql`select v from kept`)) as unknown as { rows: { v: string }[] };
    expect(rows.rows.map((r) => r.v)).toEqual(['सङ्गम 🙏']);
    // Shared buffers are 32 MB, not PGlite's default 128 MB held from the start (issue 22).
    const buffers = (await again.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(buffers.rows[0]?.shared_buffers).toBe('16MB');
    await again.close();
  });

  it('says which directory it could not create', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-db-')), 'a-file');
    dirs.push(path.dirname(file));
    fs.writeFileSync(file, 'not a directory');
    await expect(openDatabase({ dataDir: file })).rejects.toThrow();
  });
});

describe('runRaw (one statement straight on the driver)', () => {
  it('passes arrays, Unicode and reused parameters the same way on the driver and inside a transaction', async () => {
    const { db, close } = await openDatabase({ dataDir: 'memory://' });
    const text = 'select $2::text as who, cardinality($1::text[]) as n, $1::text[] as xs, $2::text || $3::text as both';
    const params = [['सङ्गम', 'தமிழ்', '🙏', null, "it's"], 'हिन्दी', '"; drop table users; --'];
    const direct = await runRaw<{ who: string; n: number; xs: Array<string | null>; both: string }>(db, text, params);
    const inTx = await db.transaction((tx) => runRaw<(typeof direct.rows)[number]>(tx as unknown as typeof db, text, params));
    for (const { rows } of [direct, inTx])
      expect(rows).toEqual([{ who: 'हिन्दी', n: 5, xs: ['सङ्गम', 'தமிழ்', '🙏', null, "it's"], both: 'हिन्दी"; drop table users; --' }]);
    await close();
  });
});
