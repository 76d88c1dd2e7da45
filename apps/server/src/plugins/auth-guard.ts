import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@/errors';
import type { AccessTokens } from '@/lib/access-tokens';
import type { Revocations } from '@/lib/revocations';

declare module 'fastify' {
  interface FastifyRequest {
    user?: { id: string; familyId?: string; authTime?: number };
  }
}

/** A preHandler that requires `Authorization: Bearer <access token>` and sets `request.user`. */
export function createRequireUser(tokens: AccessTokens, revocations?: Revocations) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const claims = await tokens.verify(match[1]);
    if (claims.familyId && (await revocations?.isRevoked(claims.familyId))) throw new AppError('TOKEN_INVALID');
    request.user = { id: claims.userId, familyId: claims.familyId, authTime: claims.authTime };
  };
}
export type RequireUser = ReturnType<typeof createRequireUser>;

/** The signed-in user of a request behind `requireUser`. */
export function currentUser(request: FastifyRequest): { id: string; familyId?: string; authTime?: number } {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
