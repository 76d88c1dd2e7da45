import { afterEach, beforeEach } from 'vitest';
import { type Database, type Db, openDatabase } from '@/db/client';
import { users } from '@/db/schema';

/** A fresh in-memory PGlite database for each test of the file, handed to `onOpen` and closed after the test. */
export function useMemoryDatabasePerTest(onOpen: (database: Database) => void) {
  let database: Database | undefined;
  beforeEach(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    onOpen(database);
  });
  afterEach(async () => {
    await database?.close();
  });
}

/** Adds a user named `username` (address username@example.com) straight into the database. */
export async function insertUser(db: Db, username: string) {
  const [u] = await db
    .insert(users)
    .values({ email: `${username}@example.com`, username, name: 'M', passwordHash: 'x' })
    .returning();
  if (!u) throw new Error('no user');
  return u;
}
