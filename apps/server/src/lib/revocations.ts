import { gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, runRaw } from '@/db/client';
import { revokedFamilies } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import type { RedisLink } from '@/lib/redis';

/**
 * Revoked token families, remembered for the life of an access token (ACCESS_TOKEN_TTL_SECONDS) so
 * that logout, reset and reuse detection also stop access tokens already issued. The database is the
 * record (a restart forgets nothing); Redis, when configured and up, answers the per-request check.
 */
export type Revocations = {
  revoke: (familyId: string) => Promise<void>;
  isRevoked: (familyId: string) => Promise<boolean>;
  /** Revoked as far as this process knows without asking anyone (its own revocations, and all of them on PGlite). */
  isRevokedHere: (familyId: string) => boolean;
  /**
   * True when `isRevoked` asks the database (PostgreSQL without Redis): a statement of its own, which
   * a route may leave to its reservation (`revocationCheckedByReservation`).
   */
  asksDatabase: boolean;
  /** Reads the live revocations (at start) and drops the expired rows. */
  load: () => Promise<void>;
  /** Drops the expired rows (run hourly by the app). */
  prune: () => Promise<void>;
};

const MAX_LOCAL = 50_000;
const IS_REVOKED = 'select 1 from revoked_families where family_id = $1 and expires_at > $2::timestamptz limit 1';

export function createRevocations({
  db,
  clock,
  ttlSeconds,
  redis,
  shared,
  log,
}: {
  db: Db;
  clock: Clock;
  ttlSeconds: number;
  redis?: RedisLink;
  /** True when other instances may revoke too (PostgreSQL): then the database is asked, not only this process. */
  shared: boolean;
  log?: FastifyBaseLogger;
}): Revocations {
  const ttlMs = ttlSeconds * 1000;
  // This process's revocations (and, on PGlite, all of them: one process owns that database).
  const local = new Map<string, number>();
  const key = (familyId: string) => `${redis?.prefix ?? ''}revoked:${familyId}`;
  const prune = () => {
    const now = clock.now();
    for (const [k, until] of local) if (until <= now) local.delete(k);
  };
  const isRevokedHere = (familyId: string) => (local.get(familyId) ?? 0) > clock.now();
  // Asked on every signed-in request on PostgreSQL without Redis: a fixed text sent straight to the
  // driver (`runRaw`), prepared once per connection, instead of a query drizzle builds each time.
  const inDatabase = async (familyId: string) => {
    const { rows } = await runRaw(db, IS_REVOKED, [familyId, new Date(clock.now()).toISOString()]);
    return rows.length > 0;
  };

  // After an outage (or at first connection) Redis learns every revocation it missed before it is trusted.
  redis?.onUp(async () => {
    const now = clock.now();
    const rows = await db
      .select()
      .from(revokedFamilies)
      .where(gt(revokedFamilies.expiresAt, new Date(now)));
    if (!rows.length) return;
    const pipeline = redis.client.pipeline();
    for (const r of rows) pipeline.set(key(r.familyId), '1', 'PX', Math.max(1, r.expiresAt.getTime() - now));
    await pipeline.exec();
  });

  return {
    revoke: async (familyId) => {
      const until = clock.now() + ttlMs;
      local.set(familyId, until);
      if (local.size > MAX_LOCAL) prune();
      const expiresAt = new Date(until);
      await db
        .insert(revokedFamilies)
        .values({ familyId, expiresAt })
        .onConflictDoUpdate({ target: revokedFamilies.familyId, set: { expiresAt } });
      await redis?.use(
        async (r) => {
          await r.set(key(familyId), '1', 'PX', ttlMs);
        },
        () => undefined,
      );
    },
    isRevokedHere,
    asksDatabase: shared && !redis,
    isRevoked: async (familyId) => {
      if (isRevokedHere(familyId)) return true;
      if (redis)
        return redis.use(
          async (r) => (await r.exists(key(familyId))) === 1,
          () => inDatabase(familyId),
        );
      return shared ? inDatabase(familyId) : false;
    },
    prune: async () => {
      prune();
      await db.delete(revokedFamilies).where(lte(revokedFamilies.expiresAt, new Date(clock.now())));
    },
    load: async () => {
      const now = new Date(clock.now());
      try {
        await db.delete(revokedFamilies).where(lte(revokedFamilies.expiresAt, now));
        const rows = await db.select().from(revokedFamilies).where(gt(revokedFamilies.expiresAt, now));
        for (const r of rows.slice(-MAX_LOCAL)) local.set(r.familyId, r.expiresAt.getTime());
      } catch (err) {
        log?.error({ err }, 'reading revoked sessions failed');
        throw err;
      }
    },
  };
}
