import { FREE_PLAN, PLANS } from '@sangam/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversations, messages, usage, usageEvents, usageReservations, users } from '@/db/schema';
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

export type ModelTokens = { modelId: string; tokens: number };
/** An answered request; `reservationId` is the reservation it settles (counted only while that still exists). */
export type UsageRecord = { userId: string; now: number; requestId: string; byModel: ModelTokens[]; reservationId?: string };
export type Reservation = { id: string; userId: string; month: string; requestId: string; tokens: number };
/** The model id under which a reservation counted as is (its process died before settling) is recorded. */
export const RESERVED_MODEL_ID = 'reserved';

/** A request's tokens over all its models. */
export const totalTokens = (byModel: ModelTokens[]) => byModel.reduce((n, m) => n + m.tokens, 0);

/**
 * Writes a batch of answered requests in one transaction: every model's tokens as events, and each
 * user's month total raised once by the batch's sum. A user deleted since answering leaves nothing.
 */
export async function recordUsage(db: Db, batch: UsageRecord[], releases: string[] = []) {
  if (batch.length === 0 && releases.length === 0) return;
  await db.transaction(async (tx) => {
    // Settling deletes the reservation; one already gone was counted as is (or its user deleted).
    const settling = [...batch.flatMap((r) => (r.reservationId ? [r.reservationId] : [])), ...releases];
    const held = new Set(
      settling.length
        ? (await tx.delete(usageReservations).where(inArray(usageReservations.id, settling)).returning({ id: usageReservations.id })).map(
            (r) => r.id,
          )
        : [],
    );
    const owed = batch.filter((r) => !r.reservationId || held.has(r.reservationId));
    if (owed.length === 0) return;
    const ids = [...new Set(owed.map((r) => r.userId))];
    const alive = new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id));
    const records = owed.filter((r) => alive.has(r.userId));
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
      // In a fixed order, so two instances' batches lock the same rows in the same order.
      .values([...totals.values()].sort((a, b) => (a.userId + a.month).localeCompare(b.userId + b.month)))
      .onConflictDoUpdate({
        target: [usage.userId, usage.month],
        set: { tokens: sql`${usage.tokens} + excluded.tokens`, requests: sql`${usage.requests} + excluded.requests` },
      });
  });
}

/**
 * Reserves `tokens` for one answer before any model is called, atomically and shared by every
 * instance: the user's row is locked for the transaction, so concurrent reservations of one user
 * run one after another. Refused with 402 QUOTA_EXCEEDED once the month's usage plus what is
 * reserved reaches the allowance, and with 429 TOO_MANY_ANSWERS while `maxInFlight` answers of the
 * user are in progress. Reservations older than `staleBefore` belong to a process that died before
 * settling them: they are counted as is (the reservation is the charge) and removed.
 */
export async function reserveUsage(
  db: Db,
  {
    userId,
    requestId,
    tokens,
    now,
    freeTokens,
    maxInFlight,
    staleBefore,
  }: { userId: string; requestId: string; tokens: number; now: number; freeTokens?: number; maxInFlight: number; staleBefore: number },
): Promise<Reservation> {
  const month = monthOf(now);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw new AppError('UNAUTHENTICATED');
    // One statement, so one snapshot: a settlement (reservation deleted, usage added, in one
    // transaction) committing in between cannot make its tokens vanish from both sums.
    const sums = async () =>
      (
        await tx
          .select({
            used: sql<number>`coalesce((select ${usage.tokens} from ${usage} where ${usage.userId} = ${userId} and ${usage.month} = ${month}), 0)::int`,
            count: sql<number>`count(*)::int`,
            stale: sql<number>`count(*) filter (where ${usageReservations.createdAt} < ${new Date(staleBefore).toISOString()}::timestamptz)::int`,
            tokens: sql<number>`coalesce(sum(case when ${usageReservations.month} = ${month} then ${usageReservations.tokens} else 0 end), 0)::int`,
          })
          .from(usageReservations)
          .where(eq(usageReservations.userId, userId))
      )[0];
    let held = await sums();
    if (held?.stale) {
      await chargeStale(tx as unknown as Db, userId, staleBefore);
      held = await sums();
    }
    if ((held?.count ?? 0) >= maxInFlight) throw new AppError('TOO_MANY_ANSWERS', { headers: { 'retry-after': '5' } });
    if ((held?.used ?? 0) + (held?.tokens ?? 0) >= planOf(user.plan, freeTokens).tokens) throw new AppError('QUOTA_EXCEEDED');
    const [row] = await tx
      .insert(usageReservations)
      .values({ userId, month, requestId, tokens, createdAt: new Date(now) })
      .returning({ id: usageReservations.id });
    if (!row) throw new Error('reservation not written');
    return { id: row.id, userId, month, requestId, tokens };
  });
}

/** Counts a user's reservations older than `staleBefore` as used (one request each) and removes them. */
async function chargeStale(db: Db, userId: string, staleBefore: number) {
  const stale = await db
    .delete(usageReservations)
    .where(and(eq(usageReservations.userId, userId), lt(usageReservations.createdAt, new Date(staleBefore))))
    .returning();
  if (stale.length === 0) return;
  const byMonth = new Map<string, { tokens: number; requests: number }>();
  for (const r of stale) {
    const t = byMonth.get(r.month) ?? { tokens: 0, requests: 0 };
    t.tokens += r.tokens;
    t.requests += 1;
    byMonth.set(r.month, t);
  }
  await db
    .insert(usageEvents)
    .values(stale.map((r) => ({ userId, requestId: r.requestId, modelId: RESERVED_MODEL_ID, tokens: r.tokens, createdAt: r.createdAt })));
  await db
    .insert(usage)
    .values([...byMonth].map(([month, t]) => ({ userId, month, ...t })))
    .onConflictDoUpdate({
      target: [usage.userId, usage.month],
      set: { tokens: sql`${usage.tokens} + excluded.tokens`, requests: sql`${usage.requests} + excluded.requests` },
    });
}

/** Counts every stale reservation of `userId` (for reading usage after a crash). */
export async function settleStale(db: Db, { userId, staleBefore }: { userId: string; staleBefore: number }) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await chargeStale(tx as unknown as Db, userId, staleBefore);
  });
}

/**
 * Rupees of this month's stored answers of the user's chats, at the configured prices (issue 15);
 * null when none of them had a priced call. Answers outside a chat and deleted chats are not counted.
 */
export async function monthCostInr(db: Db, { userId, now }: { userId: string; now: number }): Promise<number | null> {
  const d = new Date(now);
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const [row] = await db
    .select({ total: sql<string | null>`sum((${messages.cost}->>'costInr')::numeric)` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.userId, userId),
        eq(messages.role, 'assistant'),
        sql`${messages.createdAt} >= ${start.toISOString()}::timestamptz`,
        sql`jsonb_typeof(${messages.cost}->'costInr') = 'number'`,
      ),
    );
  return row?.total == null ? null : Math.round(Number(row.total) * 1e6) / 1e6;
}

/**
 * Writes one reservation in one statement (no transaction): the row is written only while the user
 * exists, and comes back with the user's plan. For a process that is its database's only user
 * (PGlite), which decides admission in memory (usage-meter.ts); undefined when the user is gone.
 */
export async function insertReservation(
  db: Db,
  { userId, month, requestId, tokens, now }: { userId: string; month: string; requestId: string; tokens: number; now: number },
): Promise<{ id: string; plan: string } | undefined> {
  const result = (await db.execute(sql`
    insert into ${usageReservations} (user_id, month, request_id, tokens, created_at)
    select ${users.id}, ${month}, ${requestId}, ${tokens}, ${new Date(now).toISOString()}::timestamptz from ${users} where ${users.id} = ${userId}
    returning id, (select ${users.plan} from ${users} where ${users.id} = ${userId}) as plan`)) as unknown as {
    rows: Array<{ id: string; plan: string }>;
  };
  return result.rows[0];
}

/** A user's month as the database holds it: tokens used and tokens reserved (by any process). */
export async function heldTokens(db: Db, { userId, month }: { userId: string; month: string }) {
  const [row] = await db
    .select({
      used: sql<number>`coalesce((select ${usage.tokens} from ${usage} where ${usage.userId} = ${userId} and ${usage.month} = ${month}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${usageReservations.tokens}), 0)::int`,
    })
    .from(usageReservations)
    .where(and(eq(usageReservations.userId, userId), eq(usageReservations.month, month)));
  return { used: Number(row?.used ?? 0), reserved: Number(row?.reserved ?? 0) };
}
