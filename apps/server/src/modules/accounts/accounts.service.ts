import type { SessionResponse, Signup } from '@sangam/contracts';
import type { AppContext } from '@/app';
import { AppError } from '@/errors';
import {
  accountDeletedMail,
  alreadyRegisteredMail,
  passwordChangedMail,
  resetCodeMail,
  verificationCodeMail,
} from '@/lib/mailer/templates';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { enforce, LIMITS, refuseIfLimited } from '@/modules/accounts/accounts.limits';
import {
  deleteUserEverywhere,
  getUserByEmail,
  getUserById,
  getUserByUsername,
  insertUser,
  toPublicUser,
  type UserRow,
  updateUser,
} from '@/modules/accounts/accounts.queries';
import type { CodePurpose } from '@/modules/accounts/email-codes';

export const MESSAGES_OUT = {
  signup: 'Account created! Check your email for verification.',
  verified: 'Email verified successfully!',
  resent: 'A new verification code has been sent to your email.',
  forgot: 'Reset code sent to your email',
  reset: 'Password reset successfully!',
  logout: 'Logged out successfully',
  deleted: 'Account deleted successfully',
  updated: 'Profile updated successfully!',
} as const;

/** Sends mail after the response so mail latency never reveals whether an account exists. */
function sendLater(ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]) {
  ctx.mailer.send(mail).catch((err: unknown) => ctx.log.error({ err }, 'sending mail failed'));
}

async function sessionFor(ctx: AppContext, user: UserRow): Promise<SessionResponse> {
  const refresh = await ctx.refreshTokens.issue({ userId: user.id });
  const access = await ctx.accessTokens.sign({ userId: user.id, familyId: refresh.familyId });
  return {
    user: toPublicUser(user),
    token: access,
    access_token: access,
    refresh_token: refresh.token,
    token_type: 'bearer',
    expires_in: ctx.accessTokens.ttlSeconds,
  };
}

export async function login(ctx: AppContext, { email, password, ip }: { email: string; password: string; ip: string }) {
  await enforce(ctx.limiter, `login:ip:${ip}`, LIMITS.loginPerIp);
  await refuseIfLimited(ctx.limiter, `login:acct:${email}`, LIMITS.loginFailuresPerAccount);
  const user = await getUserByEmail(ctx.db, { email });
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    await ctx.limiter.hit(`login:acct:${email}`, LIMITS.loginFailuresPerAccount);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  await ctx.limiter.reset(`login:acct:${email}`);
  return sessionFor(ctx, user);
}

/** Same answer whether or not the address has an account; only the mail differs. */
export async function signup(ctx: AppContext, input: Signup & { ip: string }) {
  await enforce(ctx.limiter, `signup:ip:${input.ip}`, LIMITS.signupPerIp);
  const passwordHash = await hashPassword(input.password);
  const existing = await getUserByEmail(ctx.db, { email: input.email });
  const owner = await getUserByUsername(ctx.db, { username: input.username });
  if (owner && owner.id !== existing?.id) throw new AppError('USERNAME_TAKEN', { fields: { username: 'That username is already taken.' } });
  if (existing?.emailVerifiedAt) {
    if (await codeMailAllowed(ctx, input.email)) sendLater(ctx, alreadyRegisteredMail(input.email));
    return { message: MESSAGES_OUT.signup };
  }
  if (existing) await updateUser(ctx.db, { id: existing.id, name: input.name, username: input.username, passwordHash });
  else await insertUser(ctx.db, { email: input.email, username: input.username, name: input.name, passwordHash });
  if (await codeMailAllowed(ctx, input.email))
    sendLater(ctx, verificationCodeMail(input.email, await ctx.emailCodes.issue({ email: input.email, purpose: 'signup' })));
  return { message: MESSAGES_OUT.signup };
}

/** At most one code mail a minute and five an hour per address (silently skipped at sign-up). */
async function codeMailAllowed(ctx: AppContext, email: string, purpose: CodePurpose = 'signup') {
  const minute = await ctx.limiter.hit(`codemail:${purpose}:min:${email}`, LIMITS.codeMailPerAddressMinute);
  if (!minute.allowed) return false;
  const hour = await ctx.limiter.hit(`codemail:${purpose}:hour:${email}`, LIMITS.codeMailPerAddressHour);
  return hour.allowed;
}

/** Resend and forgot: per IP, and per address once a minute and five times an hour (per purpose). */
async function enforceCodeMail(ctx: AppContext, email: string, ip: string, purpose: CodePurpose) {
  await enforce(ctx.limiter, `codemail:ip:${ip}`, LIMITS.codeMailPerIp);
  await enforce(ctx.limiter, `codemail:${purpose}:min:${email}`, LIMITS.codeMailPerAddressMinute, 'RESEND_TOO_SOON');
  await enforce(ctx.limiter, `codemail:${purpose}:hour:${email}`, LIMITS.codeMailPerAddressHour, 'RESEND_TOO_SOON');
}

async function enforceCodeCheck(ctx: AppContext, email: string, ip: string) {
  await enforce(ctx.limiter, `codecheck:ip:${ip}`, LIMITS.codeChecksPerIp);
  await enforce(ctx.limiter, `codecheck:acct:${email}`, LIMITS.codeChecksPerAccount);
}

export async function verifySignup(ctx: AppContext, { email, code, ip }: { email: string; code: string; ip: string }) {
  await enforceCodeCheck(ctx, email, ip);
  await ctx.emailCodes.consume({ email, purpose: 'signup', code });
  const user = await getUserByEmail(ctx.db, { email });
  if (!user) throw new AppError('OTP_INVALID');
  if (!user.emailVerifiedAt) await updateUser(ctx.db, { id: user.id, emailVerifiedAt: new Date(ctx.clock.now()) });
  return { message: MESSAGES_OUT.verified };
}

export async function resendSignupCode(ctx: AppContext, { email, ip }: { email: string; ip: string }) {
  await enforceCodeMail(ctx, email, ip, 'signup');
  const user = await getUserByEmail(ctx.db, { email });
  if (user && !user.emailVerifiedAt) sendLater(ctx, verificationCodeMail(email, await ctx.emailCodes.issue({ email, purpose: 'signup' })));
  return { message: MESSAGES_OUT.resent };
}

export async function forgotPassword(ctx: AppContext, { email, ip }: { email: string; ip: string }) {
  await enforceCodeMail(ctx, email, ip, 'reset');
  const user = await getUserByEmail(ctx.db, { email });
  if (user) sendLater(ctx, resetCodeMail(email, await ctx.emailCodes.issue({ email, purpose: 'reset' })));
  return { message: MESSAGES_OUT.forgot };
}

export async function resetPassword(
  ctx: AppContext,
  { email, code, password, ip }: { email: string; code: string; password: string; ip: string },
) {
  await enforceCodeCheck(ctx, email, ip);
  await ctx.emailCodes.consume({ email, purpose: 'reset', code });
  const user = await getUserByEmail(ctx.db, { email });
  if (!user) throw new AppError('OTP_INVALID');
  await updateUser(ctx.db, {
    id: user.id,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(ctx.clock.now()),
  });
  await ctx.refreshTokens.revokeAllForUser(user.id);
  await ctx.limiter.reset(`login:acct:${email}`);
  sendLater(ctx, passwordChangedMail(email));
  return { message: MESSAGES_OUT.reset };
}

export async function refresh(ctx: AppContext, { refreshToken }: { refreshToken: string }) {
  const rotated = await ctx.refreshTokens.rotate(refreshToken);
  const user = await getUserById(ctx.db, { id: rotated.userId });
  if (!user) throw new AppError('REFRESH_INVALID');
  const access = await ctx.accessTokens.sign({ userId: user.id, familyId: rotated.familyId });
  return {
    user: toPublicUser(user),
    token: access,
    access_token: access,
    refresh_token: rotated.token,
    token_type: 'bearer' as const,
    expires_in: ctx.accessTokens.ttlSeconds,
  };
}

export async function logout(ctx: AppContext, { familyId, refreshToken }: { familyId?: string; refreshToken?: string }) {
  const family = familyId ?? (refreshToken ? await ctx.refreshTokens.familyOf(refreshToken) : undefined);
  if (family) await ctx.refreshTokens.revokeFamily(family);
  return { message: MESSAGES_OUT.logout };
}

export async function currentSession(ctx: AppContext, { userId, token }: { userId: string; token: string }) {
  const user = await getUserById(ctx.db, { id: userId });
  if (!user) throw new AppError('TOKEN_INVALID');
  return { user: toPublicUser(user), token, access_token: token, token_type: 'bearer' as const };
}

export async function deleteAccount(
  ctx: AppContext,
  { userId, password, reason, ip }: { userId: string; password?: string; reason: string; ip: string },
) {
  await enforce(ctx.limiter, `delete:ip:${ip}`, LIMITS.deletePerIp);
  const user = await getUserById(ctx.db, { id: userId });
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  if (password !== undefined && !(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  await ctx.refreshTokens.revokeAllForUser(user.id);
  await deleteUserEverywhere(ctx.db, { id: user.id, email: user.email });
  ctx.log.info({ reason }, 'account deleted');
  sendLater(ctx, accountDeletedMail(user.email));
  return { message: MESSAGES_OUT.deleted };
}
