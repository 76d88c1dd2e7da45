import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens } from '@/db/schema';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';
import type { Revocations } from '@/lib/revocations';

export const REFRESH_IDLE_MS = 7 * 24 * 3600 * 1000;
export const REFRESH_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const ROTATION_GRACE_MS = 10 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Told when a rotated token comes back after the grace and its family is revoked. */
export type ReuseListener = (info: { userId: string; familyId: string }) => void;

/**
 * Refresh tokens: random, stored hashed, rotated on every use, grouped in families. A rotated
 * token presented again within 10 s (a second tab) gets the same child as the first use, so the
 * family never forks; after the grace it revokes the family.
 *
 * The child of a token is an HMAC of the parent under the server secret: every instance derives the
 * same child for parallel uses, and nobody without the secret can derive it from a stolen parent.
 */
export function createRefreshTokens({
  db,
  clock,
  revocations,
  secret = randomBytes(32),
}: {
  db: Db;
  clock: Clock;
  revocations: Revocations;
  secret?: Uint8Array;
}) {
  const childOf = (token: string) => createHmac('sha256', secret).update(`refresh-child:${token}`).digest('base64url');

  const issue = async ({
    userId,
    familyId = randomUUID(),
    familyStartedAt = new Date(clock.now()),
    token = randomBytes(32).toString('base64url'),
  }: {
    userId: string;
    familyId?: string;
    familyStartedAt?: Date;
    token?: string;
  }) => {
    const expiresAt = new Date(Math.min(clock.now() + REFRESH_IDLE_MS, familyStartedAt.getTime() + REFRESH_ABSOLUTE_MS));
    await db
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: hashToken(token), familyStartedAt, expiresAt, createdAt: new Date(clock.now()) })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
    return { token, familyId };
  };

  const revokeFamily = async (familyId: string) => {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(clock.now()) })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await revocations.revoke(familyId);
  };

  const revokeAllForUser = async (userId: string) => {
    const families = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId));
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(clock.now()) })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    await Promise.all(families.map((f) => revocations.revoke(f.familyId)));
  };

  const rotate = async (
    token: string,
    onReuse?: ReuseListener,
  ): Promise<{ userId: string; token: string; familyId: string; familyStartedAt: Date }> => {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (!row || row.revokedAt) throw new AppError('REFRESH_INVALID');
    if (row.expiresAt.getTime() <= clock.now()) throw new AppError('REFRESH_INVALID');
    if (row.rotatedAt) {
      if (clock.now() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) {
        await revokeFamily(row.familyId);
        onReuse?.({ userId: row.userId, familyId: row.familyId });
        throw new AppError('REFRESH_INVALID');
      }
    } else {
      const [claimed] = await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(clock.now()) })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!claimed) return rotate(token, onReuse);
    }
    // The first use and every use within the grace get the same child (inserted once).
    const next = await issue({ userId: row.userId, familyId: row.familyId, familyStartedAt: row.familyStartedAt, token: childOf(token) });
    return { userId: row.userId, familyStartedAt: row.familyStartedAt, ...next };
  };

  /** The family of a token, for logout. */
  const familyOf = async (token: string) => {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    return row?.familyId;
  };

  return { issue, rotate, revokeFamily, revokeAllForUser, familyOf };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
