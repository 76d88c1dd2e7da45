import {
  deleteAccountSchema,
  emailOnlySchema,
  loginSchema,
  MESSAGES,
  refreshSchema,
  signupSchema,
  verifyOtpSchema,
} from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import { AppError } from '@/errors';
import * as accounts from '@/modules/accounts/accounts.service';
import { currentUser } from '@/plugins/auth-guard';

/** POST /reset-password accepts both namings: code/password/confirm and reset_token/new_password/confirm_password. */
const resetSchema = z
  .preprocess(
    (raw) => {
      const b = (raw ?? {}) as Record<string, unknown>;
      return {
        email: b.email,
        code: b.code ?? b.reset_token,
        password: b.password ?? b.new_password,
        confirm: b.confirm ?? b.confirm_password ?? b.confirmPassword,
      };
    },
    z.object({
      email: emailOnlySchema.shape.email,
      code: verifyOtpSchema.shape.code.or(z.undefined()).refine((v) => v !== undefined, MESSAGES.resetCodeRequired),
      password: signupSchema.shape.password,
      confirm: z.string({ error: MESSAGES.passwordsDoNotMatch }),
    }),
  )
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';

/** The account API of docs/spec-rules.md §7 under /api/v1. */
export async function accountsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/login', async (request) => {
    const { username, password } = loginSchema.parse(request.body);
    return accounts.login(ctx, { email: username, password, ip: request.ip });
  });

  app.post('/signup', async (request, reply) => {
    const input = signupSchema.parse(request.body);
    return reply.status(201).send(await accounts.signup(ctx, { ...input, ip: request.ip }));
  });

  app.post('/signup/otp_verify', async (request) => {
    const { email, code } = verifyOtpSchema.parse(request.body);
    return accounts.verifySignup(ctx, { email, code, ip: request.ip });
  });

  app.post('/signup/resend_otp', async (request) => {
    const { email } = emailOnlySchema.parse(request.body);
    return accounts.resendSignupCode(ctx, { email, ip: request.ip });
  });

  app.post('/forgot-password', async (request) => {
    const { email } = emailOnlySchema.parse(request.body);
    return accounts.forgotPassword(ctx, { email, ip: request.ip });
  });

  app.post('/reset-password', async (request) => {
    const parsed = resetSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.message === MESSAGES.passwordsDoNotMatch) throw new AppError('PASSWORDS_DO_NOT_MATCH');
      throw parsed.error;
    }
    const { email, code, password } = parsed.data;
    return accounts.resetPassword(ctx, { email, code: code ?? '', password, ip: request.ip });
  });

  app.post('/refresh', async (request) => {
    const { refresh_token } = refreshSchema.parse(request.body);
    return accounts.refresh(ctx, { refreshToken: refresh_token });
  });

  app.post('/auth/logout', { onRequest: ctx.requireUser }, async (request, reply) => {
    const body = z
      .object({ refresh_token: z.string().max(512).optional() })
      .optional()
      .parse(request.body ?? undefined);
    const out = await accounts.logout(ctx, { familyId: currentUser(request).familyId, refreshToken: body?.refresh_token });
    // Tells the browser to drop what this site keeps (local storage included) for the signed-out user.
    reply.header('clear-site-data', '"storage"');
    return out;
  });

  app.get('/auth/verify', { onRequest: ctx.requireUser }, async (request) =>
    accounts.currentSession(ctx, { userId: currentUser(request).id, token: bearerToken(request) }),
  );

  app.delete('/users/account', { onRequest: ctx.requireUser }, async (request) => {
    const { password, reason } = deleteAccountSchema.parse(request.body);
    const { id, authTime } = currentUser(request);
    return accounts.deleteAccount(ctx, { userId: id, password, reason, ip: request.ip, authTime });
  });
}
