import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, CreateApiKey } from '@sangam/contracts';
import { OPENAI_LIMITS } from '@sangam/contracts';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { apiKeys, apiKeyUsage } from '@/db/schema';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import type { Revocations } from '@/lib/revocations';
import { createKeyUsageBatch } from '@/modules/openai/key-usage-batch';

/** Every key starts with this; the first characters after it are its display prefix. */
export const KEY_PREFIX = 'sk-sgm-';
const DISPLAY_CHARS = 6;
/** Without Redis, a key read from the database is trusted this long (a revocation elsewhere lands within it). */
const CACHE_MS_DB = 1_000;
/** With Redis, rows are kept longer: each request asks Redis whether the key was revoked. */
const CACHE_MS_REDIS = 30_000;

type KeyRow = typeof apiKeys.$inferSelect;
/** A key as the /v1 guard sees it: its row and what it spent this month (micro-rupees). */
export type ActiveKey = KeyRow & { spentMicroInr: number };

export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');
const micro = (inr: number) => Math.round(inr * 1e6);
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStart = (ms: number) => `${new Date(ms).toISOString().slice(0, 7)}-01`;
const revocationId = (id: string) => `api-key:${id}`;

/**
 * The developer keys: created with a random secret shown once, stored as its SHA-256 and a display
 * prefix, looked up per request through a short cache, revoked on every instance within a second
 * (Redis when configured, else the cache's one-second life on a shared database).
 */
export function createKeyStore({
  db,
  clock,
  revocations,
  useRedis,
  log,
}: {
  db: Db;
  clock: Clock;
  revocations: Revocations;
  useRedis: boolean;
  log: FastifyBaseLogger;
}) {
  const cacheMs = useRedis ? CACHE_MS_REDIS : CACHE_MS_DB;
  const cache = new Map<string, { key: ActiveKey | null; at: number }>();
  const usageBatch = createKeyUsageBatch({ db, log });

  async function load(hash: string): Promise<ActiveKey | null> {
    const [row] = await db
      .select({
        key: apiKeys,
        spent: sql<string>`coalesce((select sum(${apiKeyUsage.costMicroInr}) from ${apiKeyUsage} where ${apiKeyUsage.keyId} = ${apiKeys.id} and ${apiKeyUsage.day} >= ${monthStart(clock.now())}), 0)`,
      })
      .from(apiKeys)
      .where(eq(apiKeys.hash, hash))
      .limit(1);
    return row ? { ...row.key, spentMicroInr: Number(row.spent) } : null;
  }

  /** The live key for a secret, or null (unknown, revoked or expired). */
  async function find(secret: string): Promise<ActiveKey | null> {
    if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
    const hash = hashKey(secret);
    const now = clock.now();
    let hit = cache.get(hash);
    if (!hit || now - hit.at > cacheMs) {
      hit = { key: await load(hash), at: now };
      cache.set(hash, hit);
      if (cache.size > 10_000) for (const [k, v] of cache) if (now - v.at > cacheMs) cache.delete(k);
    }
    const key = hit.key;
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) return null;
    if (useRedis && (await revocations.isRevoked(revocationId(key.id)))) return null;
    return key;
  }

  return {
    find,
    async create({ userId, input }: { userId: string; input: CreateApiKey }) {
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      if (count >= OPENAI_LIMITS.keysPerUser)
        throw new AppError('CONFLICT', { detail: `You can have at most ${OPENAI_LIMITS.keysPerUser} active keys. Revoke one first.` });
      const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId,
          name: input.name,
          prefix: `${secret.slice(0, KEY_PREFIX.length + DISPLAY_CHARS)}…`,
          hash: hashKey(secret),
          budgetMicroInr: input.monthlyBudgetInr == null ? null : micro(input.monthlyBudgetInr),
          requestsPerMinute: input.requestsPerMinute,
          allowedModels: input.allowedModels?.length ? input.allowedModels : null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          createdAt: new Date(clock.now()),
        })
        .returning();
      if (!row) throw new Error('key not written');
      return { key: toApiKey({ ...row, spentMicroInr: 0, requests: 0 }), secret };
    },
    async list({ userId }: { userId: string }): Promise<ApiKey[]> {
      await usageBatch.flush();
      const rows = await db
        .select({
          key: apiKeys,
          spent: sql<string>`coalesce(sum(${apiKeyUsage.costMicroInr}), 0)`,
          requests: sql<string>`coalesce(sum(${apiKeyUsage.requests}), 0)`,
        })
        .from(apiKeys)
        .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), gte(apiKeyUsage.day, monthStart(clock.now()))))
        .where(eq(apiKeys.userId, userId))
        .groupBy(apiKeys.id)
        .orderBy(desc(apiKeys.createdAt));
      return rows.map((r) => toApiKey({ ...r.key, spentMicroInr: Number(r.spent), requests: Number(r.requests) }));
    },
    /** Revokes the user's key: refused here at once, on other instances within a second. */
    async revoke({ userId, id }: { userId: string; id: string }) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date(clock.now()) })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id, hash: apiKeys.hash });
      if (!row) throw new AppError('NOT_FOUND', { detail: 'Key not found.' });
      cache.delete(row.hash);
      if (useRedis) await revocations.revoke(revocationId(row.id));
    },
    /**
     * Adds one answered request to the key's spend: at once in this instance's view of the key (its
     * budget check), and in the database with the next write-behind batch (this turn's requests).
     */
    record({ key, tokens, costInr }: { key: ActiveKey; tokens: number; costInr: number }) {
      const cost = micro(costInr);
      key.spentMicroInr += cost;
      usageBatch.add({ keyId: key.id, day: dayOf(clock.now()), tokens, cost, at: clock.now() });
    },
    flush: () => usageBatch.flush(),
    /** Rupees spent by the key today, this ISO week (from Monday) and this month (UTC). */
    async spend({ key }: { key: ActiveKey }) {
      await usageBatch.flush();
      const now = clock.now();
      const d = new Date(now);
      const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
      const [row] = await db
        .select({
          day: sql<string>`coalesce(sum(${apiKeyUsage.costMicroInr}) filter (where ${apiKeyUsage.day} = ${dayOf(now)}), 0)`,
          week: sql<string>`coalesce(sum(${apiKeyUsage.costMicroInr}) filter (where ${apiKeyUsage.day} >= ${dayOf(monday.getTime())}), 0)`,
          month: sql<string>`coalesce(sum(${apiKeyUsage.costMicroInr}) filter (where ${apiKeyUsage.day} >= ${monthStart(now)}), 0)`,
          all: sql<string>`coalesce(sum(${apiKeyUsage.costMicroInr}), 0)`,
        })
        .from(apiKeyUsage)
        .where(eq(apiKeyUsage.keyId, key.id));
      const inr = (v: string | undefined) => Number(v ?? 0) / 1e6;
      return { day: inr(row?.day), week: inr(row?.week), month: inr(row?.month), all: inr(row?.all) };
    },
  };
}
export type KeyStore = ReturnType<typeof createKeyStore>;

function toApiKey(r: KeyRow & { spentMicroInr: number; requests: number }): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    monthlyBudgetInr: r.budgetMicroInr == null ? null : r.budgetMicroInr / 1e6,
    requestsPerMinute: r.requestsPerMinute,
    allowedModels: r.allowedModels ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    spentThisMonthInr: r.spentMicroInr / 1e6,
    requestsThisMonth: r.requests,
  };
}
