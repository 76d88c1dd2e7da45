import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { billingChanges, billingPayments, billingSubscriptions, users } from '@/db/schema';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type BillingChange = typeof billingChanges.$inferInsert;

/** Statuses in which a subscription gives its plan: active, and pending (a failed charge Razorpay is still retrying: the grace period). */
export const PLAN_GIVING = ['active', 'pending'] as const;
/** Statuses of a subscription that is paid for or about to be. */
export const LIVE = ['authenticated', 'active', 'pending'] as const;

export const toDate = (unixSeconds?: number | null) => (unixSeconds ? new Date(unixSeconds * 1000) : null);

export async function listSubscriptions(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(desc(billingSubscriptions.createdAt));
}

export async function getSubscription(db: Db, { id }: { id: string }) {
  return (await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).limit(1))[0];
}

export async function insertSubscription(db: Db, row: typeof billingSubscriptions.$inferInsert) {
  await db.insert(billingSubscriptions).values(row).onConflictDoNothing();
}

export async function updateSubscription(db: Db, { id, ...set }: Partial<SubscriptionRow> & { id: string }) {
  await db
    .update(billingSubscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(billingSubscriptions.id, id));
}

/** The subscription that gives the user's plan: the most recently started active or pending one. */
export async function planGivingSubscription(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), inArray(billingSubscriptions.status, [...PLAN_GIVING])));
  return rows.sort((a, b) => (b.currentStart?.getTime() ?? 0) - (a.currentStart?.getTime() ?? 0))[0];
}

/** Locks the user's row for the transaction: every billing change of one user runs one after another. */
export async function lockUser(db: Db, { userId }: { userId: string }) {
  return (await db.select({ id: users.id, plan: users.plan }).from(users).where(eq(users.id, userId)).for('update'))[0];
}

export async function setUserPlan(db: Db, { userId, plan }: { userId: string; plan: string }) {
  await db.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function recordChange(db: Db, change: BillingChange) {
  await db.insert(billingChanges).values(change);
}

export async function listPayments(db: Db, { userId }: { userId: string }) {
  return db.select().from(billingPayments).where(eq(billingPayments.userId, userId)).orderBy(desc(billingPayments.paidAt));
}

export async function getPayment(db: Db, { id, userId }: { id: string; userId: string }) {
  return (
    await db
      .select()
      .from(billingPayments)
      .where(and(eq(billingPayments.id, id), eq(billingPayments.userId, userId)))
      .limit(1)
  )[0];
}
