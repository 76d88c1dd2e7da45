import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@/errors';
import type { AccessTokens } from '@/lib/access-tokens';
import type { Revocations } from '@/lib/revocations';

/**
 * A session whose revocation is not checked yet: the route's reservation checks it (its family
 * passed along), and `confirm` checks it alone (401 TOKEN_INVALID if revoked) wherever the route
 * answers without a reservation.
 */
export type PendingSessionCheck = { familyId: string; confirm: () => Promise<void> };

type SignedInUser = { id: string; familyId?: string; authTime?: number; pendingCheck?: PendingSessionCheck };

declare module 'fastify' {
  interface FastifyRequest {
    user?: SignedInUser;
  }
  interface FastifyContextConfig {
    /**
     * The route reserves usage before it reads or writes anything of the user's, and its reservation
     * checks the session's revocation in the same statement (PostgreSQL without Redis, where the check
     * is a statement of its own): `requireUser` leaves the check to it (`PendingSessionCheck`).
     */
    revocationCheckedByReservation?: boolean;
  }
}

/** A preHandler that requires `Authorization: Bearer <access token>` and sets `request.user`. */
export function createRequireUser(tokens: AccessTokens, revocations?: Revocations) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const claims = await tokens.verify(match[1]);
    const familyId = claims.familyId;
    let pendingCheck: PendingSessionCheck | undefined;
    if (familyId && revocations) {
      if (revocations.isRevokedHere(familyId)) throw new AppError('TOKEN_INVALID');
      if (revocations.asksDatabase && request.routeOptions.config.revocationCheckedByReservation)
        pendingCheck = {
          familyId,
          confirm: async () => {
            if (await revocations.isRevoked(familyId)) throw new AppError('TOKEN_INVALID');
          },
        };
      else if (await revocations.isRevoked(familyId)) throw new AppError('TOKEN_INVALID');
    }
    request.user = { id: claims.userId, familyId, authTime: claims.authTime, ...(pendingCheck && { pendingCheck }) };
  };
}
export type RequireUser = ReturnType<typeof createRequireUser>;

/** The signed-in user of a request behind `requireUser`. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/**
 * Runs a route handler whose reservation checks the session (`revocationCheckedByReservation`), with
 * the family to pass to it (none when already checked). If the handler fails, the session is checked
 * first, so that a revoked session is told TOKEN_INVALID whatever else went wrong.
 */
export async function withSessionCheck<T>(request: FastifyRequest, work: (pending?: PendingSessionCheck) => Promise<T>): Promise<T> {
  const pending = currentUser(request).pendingCheck;
  try {
    return await work(pending);
  } catch (err) {
    await pending?.confirm();
    throw err;
  }
}
