import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { conversations, messages, users } from '@/db/schema';
import { type Config, loadConfig } from '@/env';
import { insertChat } from './conv-helper';
import { openTestDatabase, type TestApp } from './helper';
import { codeAfter, createVerifiedUser, loginForm, post } from './users';

type Rows = {
  users: (typeof users.$inferSelect)[];
  conversations: (typeof conversations.$inferSelect)[];
  messages: (typeof messages.$inferSelect)[];
};

/**
 * One deployment that is stopped, backed up, restored and started again on one database (PGlite in
 * memory, or PostgreSQL with TEST_DATABASE_URL) that outlives each server. The backup holds the
 * rows of the accounts it is given (users, chats, messages), and restoring puts them back as they were.
 */
async function deployment(env: Record<string, string> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-ledger-'));
  const dataDir = path.join(root, 'data');
  const { database, url, drop } = await openTestDatabase(dataDir);
  const where = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  const config = loadConfig({ ...where, NODE_ENV: 'test', LOG_LEVEL: 'silent', LOCAL_MODEL: 'off', TRUST_PROXY: '127.0.0.1', ...env });
  const db = database.db;
  // Each server closes what it was given: the database itself is closed once, at the end.
  const shared = { ...database, close: async () => {} };
  let running: TestApp | undefined;
  let saved: Rows = { users: [], conversations: [], messages: [] };
  return {
    config,
    db,
    start: async (changes: Partial<Config> = {}) => {
      const app = await buildApp({ config: { ...config, ...changes }, database: shared });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      running = { app, config, db, dataDir, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
      return running;
    },
    stop: async () => {
      await running?.app.close();
      running = undefined;
    },
    /** Backs up these accounts' rows, and with `whole` all of DATA_DIR (outbox, secrets, the ledger when it is there). */
    backup: async ({ userIds, whole }: { userIds: string[]; whole: boolean }) => {
      const chats = await db.select().from(conversations).where(inArray(conversations.userId, userIds));
      saved = {
        users: await db.select().from(users).where(inArray(users.id, userIds)),
        conversations: chats,
        messages: chats.length
          ? await db
              .select()
              .from(messages)
              .where(
                inArray(
                  messages.conversationId,
                  chats.map((c) => c.id),
                ),
              )
          : [],
      };
      if (whole) fs.cpSync(dataDir, path.join(root, 'backup'), { recursive: true });
    },
    restore: async ({ whole }: { whole: boolean }) => {
      await db.transaction(async (tx) => {
        // The backed-up accounts become exactly what the backup holds (rows made since are gone).
        await tx.delete(users).where(
          inArray(
            users.id,
            saved.users.map((u) => u.id),
          ),
        );
        if (saved.users.length) await tx.insert(users).values(saved.users);
        if (saved.conversations.length) await tx.insert(conversations).values(saved.conversations);
        if (saved.messages.length) await tx.insert(messages).values(saved.messages);
      });
      if (!whole) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.cpSync(path.join(root, 'backup'), dataDir, { recursive: true });
    },
    dispose: async () => {
      await running?.app.close();
      await database.close();
      await drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

const deleteAccount = (t: TestApp, token: string, password: string) =>
  fetch(`${t.baseUrl}/api/v1/users/account`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password, reason: 'other' }),
  });
const rowsOf = async (t: TestApp, userId: string) => ({
  users: (await t.db.select().from(users).where(eq(users.id, userId))).length,
  chats: (await t.db.select().from(conversations).where(eq(conversations.userId, userId))).length,
});

let current: Awaited<ReturnType<typeof deployment>> | undefined;
afterEach(async () => {
  await current?.dispose();
  current = undefined;
});

describe('a restored backup does not bring deleted accounts back', { timeout: 180_000 }, () => {
  for (const { label, whole, outside } of [
    { label: 'the ledger in DATA_DIR, the database restored', whole: false, outside: false },
    { label: 'the ledger at DELETED_ACCOUNTS_LEDGER, all of DATA_DIR restored', whole: true, outside: true },
  ]) {
    it(`${label}: the account and its chats are deleted again at start; others stay; the address can sign up again`, async () => {
      const ledgerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-ledger-outside-'));
      const ledger = path.join(ledgerDir, 'deleted-accounts.ledger');
      current = await deployment(outside ? { DELETED_ACCOUNTS_LEDGER: ledger } : {});
      const d = current;
      try {
        let t = await d.start();
        const gone = await createVerifiedUser(t);
        const stays = await createVerifiedUser(t);
        await insertChat(t.db, { userId: gone.id, title: 'मेरी बातचीत', question: 'Q', answer: 'A' });
        const kept = await insertChat(t.db, { userId: stays.id, title: 'Kept', question: 'Q', answer: 'A' });
        await d.stop();
        await d.backup({ userIds: [gone.id, stays.id], whole });

        t = await d.start();
        expect((await deleteAccount(t, gone.accessToken, gone.password)).status).toBe(200);
        expect(await rowsOf(t, gone.id)).toEqual({ users: 0, chats: 0 });
        await d.stop();
        const text = fs.readFileSync(d.config.deletedAccountsLedger, 'utf8');
        expect(text).toMatch(/^sha256:[0-9a-f]{64}\n$/);
        for (const secret of [gone.id, gone.email, gone.username]) expect(text).not.toContain(secret);
        expect(fs.statSync(d.config.deletedAccountsLedger).mode & 0o777).toBe(0o600);

        // Without the ledger the restore would bring the account back: the rows really are restored.
        const file = d.config.deletedAccountsLedger;
        fs.renameSync(file, `${file}.aside`);
        await d.restore({ whole });
        t = await d.start();
        expect(await rowsOf(t, gone.id)).toEqual({ users: 1, chats: 1 });
        await d.stop();
        fs.renameSync(`${file}.aside`, file);

        await d.restore({ whole });
        t = await d.start();
        expect(await rowsOf(t, gone.id)).toEqual({ users: 0, chats: 0 });
        expect((await loginForm(t, gone.email, gone.password)).status).toBe(401);
        expect(await rowsOf(t, stays.id)).toEqual({ users: 1, chats: 1 });
        const chat = await fetch(`${t.baseUrl}/api/v1/chats/${kept}`, { headers: { authorization: `Bearer ${stays.accessToken}` } });
        expect(chat.status).toBe(200);

        // Only the account is in the ledger, not its address: signing up again with it lasts past a restart.
        const again = { email: gone.email, password: 'Other!pass2', name: 'Asha Rao', username: `again${Date.now()}` };
        const code = await codeAfter(t, again.email, () => post(t, '/api/v1/signup', again));
        expect((await post(t, '/api/v1/signup/otp_verify', { email: again.email, code })).status).toBe(200);
        await d.stop();
        t = await d.start();
        const login = await loginForm(t, again.email, again.password);
        expect(login.status).toBe(200);
        expect(await rowsOf(t, String((login.body.user as { id: string }).id))).toEqual({ users: 1, chats: 0 });
      } finally {
        fs.rmSync(ledgerDir, { recursive: true, force: true });
      }
    });
  }

  it('a ledger path that is a directory or in a missing folder stops the start with the variable named', async () => {
    expect(() => loadConfig({ DELETED_ACCOUNTS_LEDGER: '/var/lib/sangam/' })).toThrow('DELETED_ACCOUNTS_LEDGER');
    current = await deployment();
    for (const ledger of [os.tmpdir(), path.join(os.tmpdir(), 'no-such-folder-for-sangam', 'ledger')])
      await expect(current.start({ deletedAccountsLedger: ledger })).rejects.toThrow(
        /DELETED_ACCOUNTS_LEDGER=.*cannot be read and written/,
      );
  });
});
