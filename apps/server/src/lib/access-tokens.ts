import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@/errors';
import { type Clock, systemClock } from '@/lib/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALG = 'HS256';
const ISSUER = 'sangam';
const AUDIENCE = 'sangam-web';

export type AccessClaims = { userId: string; familyId?: string };

/** Short-lived access tokens: JWT with the algorithm pinned and audience and type checked. */
export function createAccessTokens(secret: Uint8Array, clock: Clock = systemClock, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  return {
    ttlSeconds,
    sign: async ({ userId, familyId }: AccessClaims, now = clock.now()) =>
      new SignJWT({ typ: 'access', ...(familyId ? { fam: familyId } : {}) })
        .setProtectedHeader({ alg: ALG })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
        .sign(secret),
    verify: async (token: string): Promise<AccessClaims> => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(clock.now()),
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') throw new AppError('TOKEN_INVALID');
        return { userId: payload.sub, familyId: typeof payload.fam === 'string' ? payload.fam : undefined };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('TOKEN_INVALID');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
