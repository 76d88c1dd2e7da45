import { FREE_PLAN, PLANS } from '@sangam/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { type Db, runRaw } from '@/db/client';
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
/**
 * An answered request; `reservationId` is the reservation it settles: counted if its row is still there,
 * or if the row is gone but no charge names the reservation yet (lost with its asynchronous commit).
 */
export type UsageRecord = {
  userId: string;
  now: number;
  requestId: string;
  byModel: ModelTokens[];
  reservationId?: string;
  /** The reservation has no row (PGlite's journal): charged outright, its charge naming it. */
  outright?: boolean;
};
export type Reservation = { id: string; userId: string; month: string; requestId: string; tokens: number };
/** The model id under which a reservation counted as is (its process died before settling) is recorded. */
export const RESERVED_MODEL_ID = 'reserved';

/** A request's tokens over all its models. */
export const totalTokens = (byModel: ModelTokens[]) => byModel.reduce((n, m) => n + m.tokens, 0);

/** A reservation to write, its id chosen by the process (so that a batch can say which rows it wrote). */
export type NewReservation = { id: string; userId: string; month: string; requestId: string; tokens: number; now: number };

/** `sangam_record_usage` with its 17 array parameters, in `recordUsage`'s order. */
const RECORD_USAGE = `select reservation_id, plan from sangam_record_usage(${'uuid uuid text text integer timestamptz uuid uuid text text integer timestamptz uuid uuid text integer uuid'
  .split(' ')
  .map((type, i) => `$${i + 1}::${type}[]`)
  .join(', ')})`;

/**
 * `sangam_record_usage`'s first part alone, as one plain statement (no function call): the batch of
 * reservations with nothing to settle, each row written only for a user who exists and given back
 * with the user's plan. About half the cost of the function, and it is what an answer waits for.
 */
const INSERT_RESERVATIONS = `with written as (
  insert into usage_reservations (id, user_id, month, request_id, tokens, created_at)
  select r.id, r.user_id, r.month, r.request_id, r.tokens, r.created_at
  from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::integer[], $6::timestamptz[]) as r(id, user_id, month, request_id, tokens, created_at)
  where exists (select 1 from users u where u.id = r.user_id)
  on conflict (id) do nothing
  returning id, user_id
) select written.id as reservation_id, u.plan from written join users u on u.id = written.user_id`;

/**
 * Writes a batch of new reservations in one statement (INSERT_RESERVATIONS): each row comes back with
 * its user's plan; none for a user who is gone. It is what an answer waits for.
 */
export async function insertReservations(db: Db, reservations: NewReservation[]): Promise<Map<string, string>> {
  const plans = new Map<string, string>();
  if (reservations.length === 0) return plans;
  const written = await runRaw<{ reservation_id: string; plan: string }>(db, INSERT_RESERVATIONS, reservationColumns(reservations));
  for (const row of written.rows) plans.set(row.reservation_id, row.plan);
  return plans;
}

/**
 * The reservations among `ids` that no charge names yet: a journal line left open by a killed process
 * whose settlement was written (it was killed before closing the line) is not written again.
 */
export async function unchargedReservations(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const charged = await runRaw<{ id: string }>(
    db,
    'select distinct reservation_id as id from usage_events where reservation_id = any($1::uuid[])',
    [ids],
  );
  const named = new Set(charged.rows.map((row) => row.id));
  return new Set(ids.filter((id) => !named.has(id)));
}

/**
 * Writes the settlements and releases of earlier reservations in one statement (a group commit; the
 * function `sangam_record_usage`, as migration 0021 last defined it, whose plans the database keeps). Everything
 * travels as arrays, so a batch of 256 costs little more than a batch of one. The function can also
 * insert reservations; they are written by `insertReservations`, so its first columns go empty.
 */
export async function recordUsage(db: Db, records: UsageRecord[], releases: string[] = []): Promise<void> {
  if (records.length === 0 && releases.length === 0) return;
  // A reservation settled twice in one batch counts once (across batches, its first charge names it).
  const seen = new Set<string>();
  const batch = records.filter((r) => !r.reservationId || (!seen.has(r.reservationId) && Boolean(seen.add(r.reservationId))));
  const settling = [...batch.flatMap((r) => (r.reservationId && !r.outright ? [r.reservationId] : [])), ...releases];
  // One row per model of each settled request, with the reservation it settles (null: none).
  const events = batch.flatMap((r) =>
    r.byModel.map((m) => ({ ...m, userId: r.userId, requestId: r.requestId, reservationId: r.reservationId ?? null, at: iso(r.now) })),
  );
  // The function's arguments in its order, each an array of one column (RECORD_USAGE's parameters).
  await runRaw(db, RECORD_USAGE, [
    ...reservationColumns([]),
    settling,
    events.map((e) => e.userId),
    events.map((e) => e.requestId),
    events.map((e) => e.modelId),
    events.map((e) => e.tokens),
    events.map((e) => e.at),
    events.map((e) => e.reservationId),
    batch.map((r) => r.userId),
    batch.map((r) => monthOf(r.now)),
    batch.map((r) => totalTokens(r.byModel)),
    batch.map((r) => r.reservationId ?? null),
  ]);
}

const iso = (ms: number) => new Date(ms).toISOString();
/** New reservations as the columns both statements take first: ids, users, months, requests, tokens, times. */
const reservationColumns = (reservations: NewReservation[]) => [
  reservations.map((r) => r.id),
  reservations.map((r) => r.userId),
  reservations.map((r) => r.month),
  reservations.map((r) => r.requestId),
  reservations.map((r) => r.tokens),
  reservations.map((r) => iso(r.now)),
];
const RESERVE_USAGE_BATCH =
  'select item, outcome, reservation_id from sangam_reserve_usage_batch($1::uuid[], $2::text[], $3::text[], $4::integer[], $5::timestamptz[], $6::text[], $7::timestamptz, $8::integer, $9::jsonb, $10::bigint)';
/**
 * A batch of one without a session to check (an idle server's reservation, on the critical path of
 * its answer) calls the reservation itself, without the batch's loop around it.
 */
const RESERVE_USAGE_ONE =
  'select 1 as item, outcome, reservation_id from sangam_reserve_usage($1::uuid, $2::text, $3::text, $4::integer, $5::timestamptz, $6::timestamptz, $7::integer, $8::jsonb, $9::bigint)';
/** Each paid plan's monthly tokens, as the reservation function reads them. */
const ALLOWANCES = JSON.stringify(Object.fromEntries(PLANS.map((p) => [p.id, p.tokens])));

/**
 * One reservation asked for: whose, for which request, how many tokens, and when; `familyId`, the
 * token family of the session asking, when the reservation also checks that it is not revoked.
 */
export type ReservationRequest = { userId: string; requestId: string; tokens: number; now: number; familyId?: string };
/** A reservation made, or the error that refused it (402 QUOTA_EXCEEDED, 429 TOO_MANY_ANSWERS, 401). */
export type ReservationOutcome = Reservation | AppError;

/**
 * Makes reservations before any model is called, atomically and shared by every instance: one
 * statement and one commit for the whole batch (`sangam_reserve_usage_batch`, migration 0019), each
 * reservation decided by `sangam_reserve_usage` (as migration 0021 last defined it) as it would be alone; a
 * batch of one without a session to check calls that function directly. A user's row is
 * locked until the batch commits, so concurrent reservations of one user run one after another, in
 * the order asked. Refused with 402 QUOTA_EXCEEDED once the month's usage plus what is reserved
 * reaches the allowance, with 429 TOO_MANY_ANSWERS while `maxInFlight` answers of the user are in
 * progress, and with 401 when the user is gone (UNAUTHENTICATED) or the session's family is revoked
 * (TOKEN_INVALID, checked first: nothing is locked or written for it). Reservations older than
 * `staleBefore` belong to a process that died before settling them: they are counted as is (the
 * reservation is the charge) and removed. The outcomes come back in the order of `requests`.
 */
export async function reserveUsageBatch(
  db: Db,
  requests: ReservationRequest[],
  { freeTokens = FREE_PLAN.tokens, maxInFlight, staleBefore }: { freeTokens?: number; maxInFlight: number; staleBefore: number },
): Promise<ReservationOutcome[]> {
  const [only] = requests;
  const alone = requests.length === 1 && only && !only.familyId;
  const result = await runRaw<{ item: number; outcome: string; reservation_id: string | null }>(
    db,
    alone ? RESERVE_USAGE_ONE : RESERVE_USAGE_BATCH,
    alone
      ? [only.userId, monthOf(only.now), only.requestId, only.tokens, iso(only.now), iso(staleBefore), maxInFlight, ALLOWANCES, freeTokens]
      : [
          requests.map((r) => r.userId),
          requests.map((r) => monthOf(r.now)),
          requests.map((r) => r.requestId),
          requests.map((r) => r.tokens),
          requests.map((r) => iso(r.now)),
          requests.map((r) => r.familyId ?? null),
          iso(staleBefore),
          maxInFlight,
          ALLOWANCES,
          freeTokens,
        ],
  );
  const rows = new Map(result.rows.map((row) => [Number(row.item), row]));
  return requests.map((r, i) => {
    const row = rows.get(i + 1);
    if (row?.outcome === 'revoked') return new AppError('TOKEN_INVALID');
    if (row?.outcome === 'unauthenticated') return new AppError('UNAUTHENTICATED');
    if (row?.outcome === 'too_many') return new AppError('TOO_MANY_ANSWERS', { headers: { 'retry-after': '5' } });
    if (row?.outcome === 'quota') return new AppError('QUOTA_EXCEEDED');
    if (row?.outcome !== 'ok' || !row.reservation_id) throw new Error('reservation not written');
    return { id: row.reservation_id, userId: r.userId, month: monthOf(r.now), requestId: r.requestId, tokens: r.tokens };
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
  await db.insert(usageEvents).values(
    stale.map((r) => ({
      userId,
      requestId: r.requestId,
      modelId: RESERVED_MODEL_ID,
      tokens: r.tokens,
      createdAt: r.createdAt,
      reservationId: r.id,
    })),
  );
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
