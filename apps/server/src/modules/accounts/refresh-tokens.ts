import { createHash, randomBytes, randomUUID } from 'node:crypto';
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

/**
 * Refresh tokens: random, stored hashed, rotated on every use, grouped in families. A rotated
 * token presented again within 10 s (a second tab) still works; after that it revokes the family.
 */
export function createRefreshTokens({ db, clock, revocations }: { db: Db; clock: Clock; revocations: Revocations }) {
  const issue = async ({
    userId,
    familyId = randomUUID(),
    familyStartedAt = new Date(clock.now()),
  }: {
    userId: string;
    familyId?: string;
    familyStartedAt?: Date;
  }) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Math.min(clock.now() + REFRESH_IDLE_MS, familyStartedAt.getTime() + REFRESH_ABSOLUTE_MS));
    await db
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: hashToken(token), familyStartedAt, expiresAt, createdAt: new Date(clock.now()) });
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

  const rotate = async (token: string) => {
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
        throw new AppError('REFRESH_INVALID');
      }
    } else {
      const [claimed] = await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(clock.now()) })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!claimed) return rotate(token);
    }
    const next = await issue({ userId: row.userId, familyId: row.familyId, familyStartedAt: row.familyStartedAt });
    return { userId: row.userId, ...next };
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
