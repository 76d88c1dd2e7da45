import os from 'node:os';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { openTestDatabase } from './helper';

// pg's pool.end() resolves while its connections are still closing; dropping the database right
// then used to kill them mid-goodbye ("terminating connection due to administrator command").
// close() must wait for every connection, so nothing is lost or reported after it.
it.skipIf(!process.env.TEST_DATABASE_URL)('closes every PostgreSQL connection before close() resolves', async () => {
  const lost = vi.spyOn(console, 'error');
  for (let round = 0; round < 5; round += 1) {
    const t = await openTestDatabase(os.tmpdir());
    await Promise.all(Array.from({ length: 8 }, () => t.database.db.execute(sql`select pg_sleep(0.01)`)));
    await t.database.close();
    await t.drop();
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(lost).not.toHaveBeenCalled();
  lost.mockRestore();
});
