import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@/errors';
import { type Clock, systemClock } from '@/lib/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALG = 'HS256';
const ISSUER = 'sangam';
const AUDIENCE = 'sangam-web';

/** Tokens whose signature was checked, kept until they expire (oldest dropped first past this many). */
const VERIFIED_CACHE_SIZE = 10_000;

/** `authTime`: when the user last proved who they are (a login), in ms; refresh keeps it (claim `auth_time`, seconds). */
export type AccessClaims = { userId: string; familyId?: string; authTime?: number };

/** Short-lived access tokens: JWT with the algorithm pinned and audience and type checked. */
export function createAccessTokens(secret: Uint8Array, clock: Clock = systemClock, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  // A KeyObject made once: jose then signs with node's HMAC directly instead of importing the key per call.
  const key = createSecretKey(secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    ttlSeconds,
    sign: async ({ userId, familyId, authTime }: AccessClaims, now = clock.now()) =>
      new SignJWT({
        typ: 'access',
        ...(familyId ? { fam: familyId } : {}),
        ...(authTime !== undefined ? { auth_time: Math.floor(authTime / 1000) } : {}),
      })
        .setProtectedHeader({ alg: ALG })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token: string): Promise<AccessClaims> => {
      // A token already verified is only checked for expiry: the signature cannot have changed.
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > clock.now()) return known.claims;
        verified.delete(token);
        throw new AppError('TOKEN_EXPIRED');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(clock.now()),
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
          throw new AppError('TOKEN_INVALID');
        const claims = {
          userId: payload.sub,
          familyId: typeof payload.fam === 'string' ? payload.fam : undefined,
          authTime: typeof payload.auth_time === 'number' ? payload.auth_time * 1000 : undefined,
        };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('TOKEN_INVALID');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
