import { normalizeEmail, ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError, assertFound } from '@/errors';
import { getUserById, toPublicUser, updateUser } from '@/modules/accounts/accounts.queries';
import { deleteAccount, MESSAGES_OUT } from '@/modules/accounts/accounts.service';
import { requestedLocale } from '@/modules/accounts/mail-locale';
import { currentUser } from '@/plugins/auth-guard';

/** Profile routes under /api/user (schemas: ROUTES of @sangam/contracts). */
export async function usersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One guard for the folder, before the body is read.
  app.addHook('onRequest', ctx.requireUser);
  app.get('/me', { schema: ROUTES['GET /api/user/me'] }, async (request) => {
    const user = await getUserById(ctx.db, { id: currentUser(request).id });
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    return { user: toPublicUser(user) };
  });

  app.put('/update', { schema: ROUTES['PUT /api/user/update'] }, async (request) => {
    const user = await updateUser(ctx.db, { id: currentUser(request).id, ...request.body });
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    return { user: toPublicUser(user), message: MESSAGES_OUT.updated };
  });

  // The account email typed again and the word DELETE; also a recent login, or the password given here.
  app.delete('/delete', { schema: ROUTES['DELETE /api/user/delete'] }, async (request) => {
    const { email, password } = request.body;
    const { id, authTime } = currentUser(request);
    const user = assertFound(await getUserById(ctx.db, { id }), 'ACCOUNT_NOT_FOUND');
    if (normalizeEmail(email) !== user.email) throw new AppError('VALIDATION_FAILED', { detail: 'The email does not match your account.' });
    return deleteAccount(ctx, {
      userId: user.id,
      password,
      reason: 'settings',
      ip: request.ip,
      authTime,
      mailIn: requestedLocale(request),
    });
  });
}
