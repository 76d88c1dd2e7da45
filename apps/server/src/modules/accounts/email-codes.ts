import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailCodes } from '@/db/schema';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';

export type CodePurpose = 'signup' | 'reset';
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;

/** Emailed 6-digit codes: stored as an HMAC, bound to a purpose, 10 minutes, 5 tries, single use. */
export function createEmailCodes({ db, clock, secret }: { db: Db; clock: Clock; secret: Uint8Array }) {
  const digest = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');

  return {
    /** Issues a new code; any older code for the same address and purpose dies. */
    issue: async ({ email, purpose }: { email: string; purpose: CodePurpose }) => {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date(clock.now());
      await db.transaction(async (tx) => {
        await tx
          .update(emailCodes)
          .set({ consumedAt: now })
          .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
        await tx.insert(emailCodes).values({
          email,
          purpose,
          codeHash: digest(email, purpose, code),
          expiresAt: new Date(clock.now() + CODE_TTL_MS),
          createdAt: now,
        });
      });
      return code;
    },

    /**
     * Checks a code. The try is counted with one atomic UPDATE before comparing, so parallel guesses
     * can never be counted fewer than they are: at most 5 comparisons per code, ever.
     */
    consume: async ({ email, purpose, code }: { email: string; purpose: CodePurpose; code: string }) => {
      const [latest] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      if (!latest) throw new AppError('OTP_INVALID');
      if (latest.expiresAt.getTime() <= clock.now()) throw new AppError('OTP_EXPIRED');
      const [counted] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.consumedAt), lt(emailCodes.attempts, CODE_MAX_TRIES)))
        .returning();
      if (!counted) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
      const expected = Buffer.from(latest.codeHash, 'hex');
      const given = Buffer.from(digest(email, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        throw new AppError(counted.attempts >= CODE_MAX_TRIES ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID');
      }
      const [used] = await db
        .update(emailCodes)
        .set({ consumedAt: new Date(clock.now()) })
        .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.consumedAt)))
        .returning();
      if (!used) throw new AppError('OTP_INVALID');
    },
  };
}
export type EmailCodes = ReturnType<typeof createEmailCodes>;
