import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { deleteUserEverywhere } from '@/modules/accounts/accounts.queries';

/**
 * The ledger of deleted accounts lives outside the database (a file, DELETED_ACCOUNTS_LEDGER or
 * DATA_DIR/deleted-accounts.ledger), so restoring a database backup does not roll it back. One line per
 * deleted account, `sha256:<hex>` of a fixed prefix and the user id: no e-mail, name or raw id. The
 * e-mail is left out on purpose, so the same address can sign up again after a deletion.
 */
const HASH_PREFIX = 'sangam:deleted-account:';
const LINE = /^sha256:([0-9a-f]{64})$/;

export const deletedAccountHash = (userId: string) =>
  createHash('sha256')
    .update(HASH_PREFIX + userId.toLowerCase())
    .digest('hex');

/** Makes a new directory entry durable (the file's own fsync does not cover its name). */
async function syncDirectory(dir: string) {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Appends one line and waits until it is on disk (fsync); O_APPEND keeps concurrent lines whole. */
async function appendDurably(file: string, text: string) {
  const handle = await fs.open(file, 'a', 0o600);
  try {
    if (text) await handle.appendFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Deletes an account and everything it owns, first writing it into the ledger: a crash in between
 * still deletes it at the next start.
 */
export async function deleteAccountForGood({ db, file, user }: { db: Db; file: string; user: { id: string; email: string } }) {
  await appendDurably(file, `sha256:${deletedAccountHash(user.id)}\n`);
  await deleteUserEverywhere(db, { id: user.id, email: user.email });
}

/**
 * Opens the ledger at start: creates it (mode 0600) when missing, ends a line cut by a crash, and
 * returns its hashes. A ledger that cannot be read or written stops the start with a message naming
 * the variable: running without it would let a restored backup bring deleted accounts back.
 */
async function openLedger(file: string): Promise<Set<string>> {
  try {
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    await appendDurably(file, text && !text.endsWith('\n') ? '\n' : '');
    if (text === undefined) await syncDirectory(path.dirname(file));
    const hashes = new Set<string>();
    for (const line of (text ?? '').split('\n')) {
      const hash = LINE.exec(line.trim())?.[1];
      if (hash) hashes.add(hash);
    }
    return hashes;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(
      `DELETED_ACCOUNTS_LEDGER=${JSON.stringify(file)} cannot be read and written (${code}). See README.md, section Backup and restore.`,
    );
  }
}

/**
 * At start: deletes again every account of the ledger that is in the database (a restored backup),
 * with its chats and everything else, by the same code as a deletion. Returns how many there were.
 */
export async function reapplyDeletedAccounts({ db, file, log }: { db: Db; file: string; log: FastifyBaseLogger }) {
  const hashes = await openLedger(file);
  if (hashes.size === 0) return 0;
  // One parameter for the whole ledger and a semi-join, so the database hashes each user id once.
  const hashOfId = sql`encode(sha256(convert_to(${HASH_PREFIX}::text || ${users.id}::text, 'UTF8')), 'hex')`;
  const back = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${hashOfId} in (select unnest(string_to_array(${[...hashes].join(',')}::text, ',')))`);
  for (const user of back) await deleteUserEverywhere(db, user);
  if (back.length > 0) log.warn({ count: back.length }, 'deleted accounts were back in the database (a restored backup): deleted again');
  return back.length;
}
