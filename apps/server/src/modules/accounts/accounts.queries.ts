import type { PublicUser } from '@sangam/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailCodes, users } from '@/db/schema';

export type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  name: u.name,
  username: u.username,
  email: u.email,
  plan: u.plan,
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

export async function updateUser(db: Db, { id, ...values }: Partial<typeof users.$inferInsert> & { id: string }) {
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
    await tx.delete(users).where(eq(users.id, id));
  });
}
