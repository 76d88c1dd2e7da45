import { answerLanguageSchema, localeSchema, type PublicUser } from '@sangam/contracts';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailCodes, knownLoginAddresses, pendingSignups, users } from '@/db/schema';

export type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  name: u.name,
  username: u.username,
  email: u.email,
  plan: u.plan,
  locale: localeSchema.safeParse(u.locale).data ?? null,
  answerLanguage: answerLanguageSchema.safeParse(u.answerLanguage).data ?? 'same',
});

export async function getUserByEmail(db: Db, { email }: { email: string }) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function getUserById(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function getUserByUsername(db: Db, { username }: { username: string }) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: { email: string; username: string; name: string; passwordHash: string }) {
  const [first, ...rest] = values.name.trim().split(/\s+/);
  const [row] = await db
    .insert(users)
    .values({ ...values, firstName: first ?? '', lastName: rest.join(' ') })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Each user's "Answer in" setting as this process last read it, for at most ANSWER_SETTING_TTL_MS (a
 * change on another instance shows within that time; one here at once): the answer path reads it on
 * every answer, and a statement per answer costs more CPU than the whole gateway (issue 22).
 */
const ANSWER_SETTING_TTL_MS = 10_000;
const answerSettings = new Map<string, { value: string | null; until: number }>();

/** The stored "Answer in" setting of a user (null when the user is gone). */
export async function getAnswerSetting(db: Db, id: string): Promise<string | null> {
  const now = Date.now();
  const kept = answerSettings.get(id);
  if (kept && kept.until > now) return kept.value;
  const [row] = await db.select({ answerLanguage: users.answerLanguage }).from(users).where(eq(users.id, id)).limit(1);
  if (answerSettings.size >= 50_000) answerSettings.clear();
  const value = row?.answerLanguage ?? null;
  answerSettings.set(id, { value, until: now + ANSWER_SETTING_TTL_MS });
  return value;
}

export async function updateUser(db: Db, { id, ...values }: Partial<typeof users.$inferInsert> & { id: string }) {
  answerSettings.delete(id);
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Removes the user and, through the cascades, their sessions, chats, messages and usage; plus their codes. */
export async function deleteUserEverywhere(db: Db, { id, email }: { id: string; email: string }) {
  await db.transaction(async (tx) => {
    await tx.delete(emailCodes).where(eq(emailCodes.email, email));
    await tx.delete(pendingSignups).where(eq(pendingSignups.email, email));
    await tx.delete(users).where(eq(users.id, id));
  });
}

export type PendingSignup = typeof pendingSignups.$inferSelect;

export async function insertPendingSignup(
  db: Db,
  values: { email: string; username: string; name: string; passwordHash: string; expiresAt: Date; createdAt: Date },
) {
  const [row] = await db.insert(pendingSignups).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function getPendingSignup(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.id, id)).limit(1);
  return row;
}

/** The live pending sign-ups of an address, newest first. */
export async function livePendingSignups(db: Db, { email, now, limit }: { email: string; now: Date; limit: number }) {
  return db
    .select()
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
    .orderBy(desc(pendingSignups.createdAt))
    .limit(limit);
}

/**
 * The pending sign-up `id` of the address if it is live and among the `max` oldest live ones (the
 * only ones whose owner cookie has a mail allowance of its own, so the mails to one address stay bounded).
 */
export async function ownedPendingSignup(db: Db, { id, email, now, max }: { id: string; email: string; now: Date; max: number }) {
  const oldest = await db
    .select()
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
    .orderBy(asc(pendingSignups.createdAt))
    .limit(max);
  return oldest.find((p) => p.id === id);
}

/** Whether the user signed in before from an address or a device (each given as its hash). */
export async function isKnownAddress(db: Db, { userId, addressHash }: { userId: string; addressHash: string }) {
  const [row] = await db
    .select({ userId: knownLoginAddresses.userId })
    .from(knownLoginAddresses)
    .where(and(eq(knownLoginAddresses.userId, userId), eq(knownLoginAddresses.addressHash, addressHash)))
    .limit(1);
  return row !== undefined;
}

export async function rememberAddress(db: Db, { userId, addressHash, now }: { userId: string; addressHash: string; now: Date }) {
  await db
    .insert(knownLoginAddresses)
    .values({ userId, addressHash, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [knownLoginAddresses.userId, knownLoginAddresses.addressHash],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}

/** Removes every pending sign-up of an address (and, through the cascade, their codes). */
export async function deletePendingSignups(db: Db, email: string) {
  await db.delete(pendingSignups).where(eq(pendingSignups.email, email));
}
