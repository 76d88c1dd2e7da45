import { FREE_PLAN, PLANS } from '@sangam/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { usage, usageEvents, users } from '@/db/schema';

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

export type ModelTokens = { modelId: string; tokens: number };
export type UsageRecord = { userId: string; now: number; requestId: string; byModel: ModelTokens[] };

/** A request's tokens over all its models. */
export const totalTokens = (byModel: ModelTokens[]) => byModel.reduce((n, m) => n + m.tokens, 0);

/**
 * Writes a batch of answered requests in one transaction: every model's tokens as events, and each
 * user's month total raised once by the batch's sum. A user deleted since answering leaves nothing.
 */
export async function recordUsage(db: Db, batch: UsageRecord[]) {
  if (batch.length === 0) return;
  await db.transaction(async (tx) => {
    const ids = [...new Set(batch.map((r) => r.userId))];
    const alive = new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id));
    const records = batch.filter((r) => alive.has(r.userId));
    const totals = new Map<string, { userId: string; month: string; tokens: number; requests: number }>();
    for (const r of records) {
      const month = monthOf(r.now);
      const key = `${r.userId}|${month}`;
      const t = totals.get(key) ?? { userId: r.userId, month, tokens: 0, requests: 0 };
      t.tokens += totalTokens(r.byModel);
      t.requests += 1;
      totals.set(key, t);
    }
    if (totals.size === 0) return;
    // One row per model of each request, sent as five arrays (unnest) rather than five parameters
    // per row: a batch of 256 is one short statement instead of 1,280 parameters to build and bind.
    const events = records.flatMap((r) =>
      r.byModel.map((m) => ({
        userId: r.userId,
        requestId: r.requestId,
        modelId: m.modelId,
        tokens: m.tokens,
        at: new Date(r.now).toISOString(),
      })),
    );
    if (events.length)
      await tx.execute(sql`
        insert into ${usageEvents} (user_id, request_id, model_id, tokens, created_at)
        select * from unnest(
          ${sql.param(events.map((e) => e.userId))}::uuid[],
          ${sql.param(events.map((e) => e.requestId))}::text[],
          ${sql.param(events.map((e) => e.modelId))}::text[],
          ${sql.param(events.map((e) => e.tokens))}::integer[],
          ${sql.param(events.map((e) => e.at))}::timestamptz[]
        )`);
    await tx
      .insert(usage)
      .values([...totals.values()])
      .onConflictDoUpdate({
        target: [usage.userId, usage.month],
        set: { tokens: sql`${usage.tokens} + excluded.tokens`, requests: sql`${usage.requests} + excluded.requests` },
      });
  });
}
