import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailCodes } from '@/db/schema';
import { AppError } from '@/errors';
import type { Clock } from '@/lib/clock';

export type CodePurpose = 'signup' | 'reset' | 'login';
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
/** Live codes compared per check (one per pending sign-up; sign-up mail limits keep them few). */
const MAX_LIVE_CODES = 5;

/** Emailed 6-digit codes: stored as an HMAC, bound to a purpose, 10 minutes, 5 tries, single use. */
export function createEmailCodes({ db, clock, secret }: { db: Db; clock: Clock; secret: Uint8Array }) {
  const digest = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');

  return {
    /**
     * Issues a new code. Any older code of the same address and purpose dies, except that a sign-up
     * code is bound to its pending sign-up and only replaces older codes of that same sign-up, so a
     * later sign-up cannot change what an earlier code activates.
     */
    issue: async ({ email, purpose, pendingSignupId }: { email: string; purpose: CodePurpose; pendingSignupId?: string }) => {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date(clock.now());
      await db.transaction(async (tx) => {
        await tx
          .update(emailCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(emailCodes.email, email),
              eq(emailCodes.purpose, purpose),
              isNull(emailCodes.consumedAt),
              pendingSignupId ? eq(emailCodes.pendingSignupId, pendingSignupId) : undefined,
            ),
          );
        await tx.insert(emailCodes).values({
          email,
          purpose,
          codeHash: digest(email, purpose, code),
          expiresAt: new Date(clock.now() + CODE_TTL_MS),
          createdAt: now,
          pendingSignupId: pendingSignupId ?? null,
        });
      });
      return code;
    },

    /**
     * Checks a code against the live codes of the address (one per pending sign-up at most). The try
     * is counted on each with one atomic UPDATE before comparing, so parallel guesses can never be
     * counted fewer than they are: at most 5 comparisons per code, ever. Returns the code's row.
     */
    consume: async ({ email, purpose, code }: { email: string; purpose: CodePurpose; code: string }) => {
      const live = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(MAX_LIVE_CODES);
      if (live.length === 0) throw new AppError('OTP_INVALID');
      const fresh = live.filter((c) => c.expiresAt.getTime() > clock.now());
      if (fresh.length === 0) throw new AppError('OTP_EXPIRED');
      const counted = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            inArray(
              emailCodes.id,
              fresh.map((c) => c.id),
            ),
            isNull(emailCodes.consumedAt),
            lt(emailCodes.attempts, CODE_MAX_TRIES),
          ),
        )
        .returning();
      if (counted.length === 0) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
      const given = Buffer.from(digest(email, purpose, code), 'hex');
      const match = counted.find((c) => timingSafeEqual(Buffer.from(c.codeHash, 'hex'), given));
      if (!match) {
        throw new AppError(counted.every((c) => c.attempts >= CODE_MAX_TRIES) ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID');
      }
      const [used] = await db
        .update(emailCodes)
        .set({ consumedAt: new Date(clock.now()) })
        .where(and(eq(emailCodes.id, match.id), isNull(emailCodes.consumedAt)))
        .returning();
      if (!used) throw new AppError('OTP_INVALID');
      return used;
    },
  };
}
export type EmailCodes = ReturnType<typeof createEmailCodes>;
