import { FREE_PLAN, PLANS } from '@sangam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { usage, usageEvents, users } from '@/db/schema';
import { AppError } from '@/errors';

/** The calendar month (UTC) usage is counted in, e.g. "2026-11". */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** A plan's monthly allowance; the free plan's is FREE_PLAN_TOKENS (default 50,000). */
export function planOf(planId: string, freeTokens: number = FREE_PLAN.tokens) {
  const plan = PLANS.find((p) => p.id === planId);
  return plan ? { id: plan.id, name: plan.name, tokens: plan.tokens } : { id: FREE_PLAN.id, name: FREE_PLAN.name, tokens: freeTokens };
}

export async function getUsage(db: Db, { userId, now, freeTokens }: { userId: string; now: number; freeTokens?: number }) {
  const month = monthOf(now);
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1);
  const [row] = await db
    .select()
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.month, month)))
    .limit(1);
  const plan = planOf(user?.plan ?? FREE_PLAN.id, freeTokens);
  return { month, tokens: row?.tokens ?? 0, requests: row?.requests ?? 0, allowance: plan.tokens, plan: { id: plan.id, name: plan.name } };
}

/** Refuses a new request once this month's allowance is used up. */
export async function assertWithinQuota(db: Db, { userId, now, freeTokens }: { userId: string; now: number; freeTokens?: number }) {
  const u = await getUsage(db, { userId, now, freeTokens });
  if (u.tokens >= u.allowance) throw new AppError('QUOTA_EXCEEDED');
}

export type ModelTokens = { modelId: string; tokens: number };

/** Records each model's tokens for the request and adds them to the month's total, in one transaction. */
export async function recordUsage(
  db: Db,
  { userId, now, requestId, byModel }: { userId: string; now: number; requestId: string; byModel: ModelTokens[] },
) {
  const tokens = byModel.reduce((n, m) => n + m.tokens, 0);
  await db.transaction(async (tx) => {
    if (byModel.length)
      await tx
        .insert(usageEvents)
        .values(byModel.map((m) => ({ userId, requestId, modelId: m.modelId, tokens: m.tokens, createdAt: new Date(now) })));
    await tx
      .insert(usage)
      .values({ userId, month: monthOf(now), tokens, requests: 1 })
      .onConflictDoUpdate({
        target: [usage.userId, usage.month],
        set: { tokens: sql`${usage.tokens} + ${tokens}`, requests: sql`${usage.requests} + 1` },
      });
  });
}
