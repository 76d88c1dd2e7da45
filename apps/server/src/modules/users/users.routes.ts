import { normalizeEmail, updateProfileSchema } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import { AppError, assertFound } from '@/errors';
import { getUserById, toPublicUser, updateUser } from '@/modules/accounts/accounts.queries';
import { deleteAccount, MESSAGES_OUT } from '@/modules/accounts/accounts.service';
import { currentUser } from '@/plugins/auth-guard';

/**
 * The alternative settings flow: the account email typed again and the word DELETE. Deletion also
 * needs a recent authentication: a login within the last 5 minutes, or the password given here.
 */
const confirmDeleteSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  confirmation: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128).optional(),
});

/** Profile routes under /api/user (docs/spec-rules.md §7). */
export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // One guard for the folder, before the body is read.
  app.addHook('onRequest', ctx.requireUser);
  app.get('/me', async (request) => {
    const user = assertFound(await getUserById(ctx.db, { id: currentUser(request).id }), 'ACCOUNT_NOT_FOUND');
    return { user: toPublicUser(user) };
  });

  app.put('/update', async (request) => {
    const input = updateProfileSchema.parse(request.body);
    const user = assertFound(await updateUser(ctx.db, { id: currentUser(request).id, ...input }), 'ACCOUNT_NOT_FOUND');
    return { user: toPublicUser(user), message: MESSAGES_OUT.updated };
  });

  app.delete('/delete', async (request) => {
    const { email, password } = confirmDeleteSchema.parse(request.body);
    const { id, authTime } = currentUser(request);
    const user = assertFound(await getUserById(ctx.db, { id }), 'ACCOUNT_NOT_FOUND');
    if (normalizeEmail(email) !== user.email) throw new AppError('VALIDATION_FAILED', { detail: 'The email does not match your account.' });
    return deleteAccount(ctx, { userId: user.id, password, reason: 'settings', ip: request.ip, authTime });
  });
}
