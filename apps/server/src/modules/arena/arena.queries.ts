import { and, count, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { arenaBattles, arenaFeedback } from '@/db/schema';
import { type PairExposure, pairKey } from '@/modules/arena/arena.draw';

export type BattleRow = typeof arenaBattles.$inferSelect;
export type NewBattle = typeof arenaBattles.$inferInsert;

/** Battles drawn so far per unordered pair of models (voted or not: exposure is being shown). */
export async function pairExposure(db: Db): Promise<PairExposure> {
  const rows = await db
    .select({ a: arenaBattles.modelA, b: arenaBattles.modelB, n: count() })
    .from(arenaBattles)
    .groupBy(arenaBattles.modelA, arenaBattles.modelB);
  const exposure: PairExposure = new Map();
  for (const r of rows) exposure.set(pairKey(r.a, r.b), (exposure.get(pairKey(r.a, r.b)) ?? 0) + Number(r.n));
  return exposure;
}

export async function insertBattle(db: Db, battle: NewBattle) {
  await db.insert(arenaBattles).values(battle);
}

export async function findBattle(db: Db, { id }: { id: string }): Promise<BattleRow | undefined> {
  const [row] = await db.select().from(arenaBattles).where(eq(arenaBattles.id, id)).limit(1);
  return row;
}

/**
 * Writes the vote once: only the battle's own user, only while it has no vote and has not expired.
 * The single conditional UPDATE is the lock; undefined when it matched nothing.
 */
export async function lockVote(
  db: Db,
  vote: { id: string; userId: string; winner: string; now: Date; addressHash: string; flagged: boolean },
): Promise<BattleRow | undefined> {
  const [row] = await db
    .update(arenaBattles)
    .set({ winner: vote.winner, votedAt: vote.now, voterAddressHash: vote.addressHash, flagged: vote.flagged })
    .where(
      and(
        eq(arenaBattles.id, vote.id),
        eq(arenaBattles.userId, vote.userId),
        isNull(arenaBattles.winner),
        sql`${arenaBattles.expiresAt} > ${vote.now.toISOString()}`,
      ),
    )
    .returning();
  return row;
}

/** Votes cast since `since` by one user. */
export async function recentVotes(db: Db, { userId, since }: { userId: string; since: Date }) {
  const [byUser] = await db
    .select({ n: count() })
    .from(arenaBattles)
    .where(and(eq(arenaBattles.userId, userId), gte(arenaBattles.votedAt, since)));
  return { byUser: Number(byUser?.n ?? 0) };
}

/** Every vote that counts for the ratings: voted and not flagged. */
export async function rankedVotes(db: Db) {
  return db
    .select({
      modelA: arenaBattles.modelA,
      modelB: arenaBattles.modelB,
      nameA: arenaBattles.nameA,
      nameB: arenaBattles.nameB,
      winner: arenaBattles.winner,
      category: arenaBattles.category,
      language: arenaBattles.language,
      votedAt: arenaBattles.votedAt,
    })
    .from(arenaBattles)
    .where(and(isNotNull(arenaBattles.winner), eq(arenaBattles.flagged, false)));
}

/** One like or unlike per user, model and chat; a later one replaces the earlier. */
export async function saveFeedback(db: Db, f: { userId: string; modelId: string; chatId: string; value: string; now: Date }) {
  await db
    .insert(arenaFeedback)
    .values({ userId: f.userId, modelId: f.modelId, chatId: f.chatId, value: f.value, createdAt: f.now })
    .onConflictDoUpdate({
      target: [arenaFeedback.userId, arenaFeedback.modelId, arenaFeedback.chatId],
      set: { value: f.value, createdAt: f.now },
    });
}

export async function feedbackCounts(db: Db): Promise<Map<string, { likes: number; unlikes: number }>> {
  const rows = await db
    .select({ modelId: arenaFeedback.modelId, value: arenaFeedback.value, n: count() })
    .from(arenaFeedback)
    .groupBy(arenaFeedback.modelId, arenaFeedback.value);
  const out = new Map<string, { likes: number; unlikes: number }>();
  for (const r of rows) {
    const c = out.get(r.modelId) ?? { likes: 0, unlikes: 0 };
    if (r.value === 'like') c.likes += Number(r.n);
    else c.unlikes += Number(r.n);
    out.set(r.modelId, c);
  }
  return out;
}
