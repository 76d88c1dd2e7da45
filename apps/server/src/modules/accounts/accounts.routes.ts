import { MESSAGES, normalizeEmail, ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import { passwordGate } from '@/lib/passwords';
import { login } from '@/modules/accounts/accounts.login';
import * as accounts from '@/modules/accounts/accounts.service';
import { deviceOf, setDeviceCookie, setSignupCookie, signupOwnedBy } from '@/modules/accounts/devices';
import { requestedLocale } from '@/modules/accounts/mail-locale';
import { currentUser } from '@/plugins/auth-guard';

const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';

/** The account API under /api/v1 (schemas: ROUTES of @sangam/contracts). */
export async function accountsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Logins from a device that signed in to the same account lately go first through the Argon2 gate
  // (lib/passwords.ts); a login the gate would shed anyway is refused before any database or limiter work.
  const priorityOf = (request: FastifyRequest) => {
    const device = deviceOf(ctx, request);
    // The body is validated before the handlers run (a login without a username never gets here).
    return device !== undefined && ctx.knownClients.has(device, normalizeEmail((request.body as { username: string }).username));
  };
  const shedIfBusy = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) =>
    done(passwordGate.admits(priorityOf(request)) ? undefined : passwordGate.busyError());
  app.post('/login', { schema: ROUTES['POST /api/v1/login'], preHandler: shedIfBusy }, async (request, reply) => {
    const { username, password, code, locale } = request.body;
    const deviceId = deviceOf(ctx, request);
    const signedIn = await login(ctx, {
      email: username,
      password,
      code,
      ip: request.ip,
      deviceId,
      priority: priorityOf(request),
      locale,
      mailIn: requestedLocale(request),
    });
    setDeviceCookie(ctx, reply, signedIn.deviceId);
    ctx.knownClients.add(signedIn.deviceId, username);
    return signedIn.session;
  });

  app.post('/signup', { schema: ROUTES['POST /api/v1/signup'] }, async (request, reply) => {
    const { message, pendingId } = await accounts.signup(ctx, { ...request.body, ip: request.ip, mailIn: requestedLocale(request) });
    setSignupCookie(ctx, reply, pendingId);
    return reply.status(201).send({ message });
  });

  app.post('/signup/otp_verify', { schema: ROUTES['POST /api/v1/signup/otp_verify'] }, async (request) => {
    const { email, code, locale } = request.body;
    return accounts.verifySignup(ctx, { email, code, ip: request.ip, locale });
  });

  app.post('/signup/resend_otp', { schema: ROUTES['POST /api/v1/signup/resend_otp'] }, async (request) =>
    accounts.resendSignupCode(ctx, {
      email: request.body.email,
      ip: request.ip,
      ownedId: signupOwnedBy(ctx, request),
      mailIn: requestedLocale(request),
    }),
  );

  app.post('/forgot-password', { schema: ROUTES['POST /api/v1/forgot-password'] }, async (request) =>
    accounts.forgotPassword(ctx, { email: request.body.email, ip: request.ip, mailIn: requestedLocale(request) }),
  );

  // Two passwords that differ are PASSWORDS_DO_NOT_MATCH, not a plain validation failure.
  app.post('/reset-password', { schema: ROUTES['POST /api/v1/reset-password'], attachValidation: true }, async (request) => {
    const failed = request.validationError;
    if (failed) {
      if (failed.validation?.[0]?.message === MESSAGES.passwordsDoNotMatch) throw new AppError('PASSWORDS_DO_NOT_MATCH');
      throw failed;
    }
    const { email, code, password } = request.body;
    return accounts.resetPassword(ctx, { email, code: code ?? '', password, ip: request.ip, mailIn: requestedLocale(request) });
  });

  app.post('/refresh', { schema: ROUTES['POST /api/v1/refresh'] }, async (request) =>
    accounts.refresh(ctx, { refreshToken: request.body.refresh_token }),
  );

  app.post('/auth/logout', { schema: ROUTES['POST /api/v1/auth/logout'], onRequest: ctx.requireUser }, async (request, reply) => {
    const out = await accounts.logout(ctx, { familyId: currentUser(request).familyId, refreshToken: request.body?.refresh_token });
    // Tells the browser to drop what this site keeps (local storage included) for the signed-out user.
    reply.header('clear-site-data', '"storage"');
    return out;
  });

  app.get('/auth/verify', { schema: ROUTES['GET /api/v1/auth/verify'], onRequest: ctx.requireUser }, async (request) =>
    accounts.currentSession(ctx, { userId: currentUser(request).id, token: bearerToken(request) }),
  );

  app.delete('/users/account', { schema: ROUTES['DELETE /api/v1/users/account'], onRequest: ctx.requireUser }, async (request) => {
    const { password, reason } = request.body;
    const { id, authTime } = currentUser(request);
    return accounts.deleteAccount(ctx, { userId: id, password, reason, ip: request.ip, authTime, mailIn: requestedLocale(request) });
  });
}
