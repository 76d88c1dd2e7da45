import { createHash, randomInt } from 'node:crypto';
import type { LocaleCode, SessionResponse, Signup } from '@sangam/contracts';
import type { AppContext } from '@/app-context';
import { AppError, assertFound } from '@/errors';
import { rejectCommonPassword } from '@/lib/common-passwords';
import {
  accountDeletedMail,
  alreadyRegisteredMail,
  passwordChangedMail,
  resetCodeMail,
  signupCodeMail,
  verificationCodeMail,
} from '@/lib/mailer/templates';
import { hashPassword, verifyPassword } from '@/lib/passwords';
import { enforce, LIMITS, refuseIfLimited } from '@/modules/accounts/accounts.limits';
import {
  deletePendingSignups,
  getPendingSignup,
  getUserByEmail,
  getUserById,
  getUserByUsername,
  insertPendingSignup,
  insertUser,
  isKnownAddress,
  livePendingSignups,
  ownedPendingSignup,
  toPublicUser,
  type UserRow,
  updateUser,
} from '@/modules/accounts/accounts.queries';
import { deleteAccountForGood } from '@/modules/accounts/deleted-accounts-ledger';
import type { CodePurpose } from '@/modules/accounts/email-codes';
import { mailLocale } from '@/modules/accounts/mail-locale';

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

/** Mail waits this long (plus up to as much again, at random) after the response. */
const MAIL_DELAY_MS = 25;

/**
 * Sends mail after the response: the mail is rendered and handed to the mailer a little later, at
 * a random moment, so its work (rendering, writing, SMTP) never shows in the time of the answer
 * that caused it and never reveals whether an account exists.
 */
export function sendLater(
  ctx: AppContext,
  mail: Parameters<AppContext['mailer']['send']>[0] | (() => Parameters<AppContext['mailer']['send']>[0]),
) {
  const timer = setTimeout(
    () => {
      Promise.resolve()
        .then(() => ctx.mailer.send(typeof mail === 'function' ? mail() : mail))
        .catch((err: unknown) => ctx.log.error({ err }, 'sending mail failed'));
    },
    MAIL_DELAY_MS + randomInt(MAIL_DELAY_MS + 1),
  );
  timer.unref?.();
}

export type SecurityEventKind = 'refresh_reuse' | 'family_revoked' | 'login_locked' | 'password_reset' | 'account_deleted';

/** A structured security event: the kind and the user id, never the e-mail. */
export function securityEvent(ctx: AppContext, kind: SecurityEventKind, userId: string) {
  ctx.log.warn({ securityEvent: kind, userId }, 'security event');
}

/** How long a login (or a password check) counts as recent for deleting the account. */
export const RECENT_AUTH_MS = 5 * 60 * 1000;
/** How long a sign-up waits for its verification (its codes still die after 10 minutes; resend renews them). */
export const PENDING_SIGNUP_TTL_MS = 24 * 3600 * 1000;
/** At most this many pending sign-ups of one address get a fresh code on resend (newest first). */
const PENDING_RESEND_MAX = 3;

/** Client addresses are remembered only as a hash. */
export const addressHash = (ip: string) => createHash('sha256').update(`login-address:${ip}`).digest('hex');

export async function sessionFor(ctx: AppContext, user: UserRow): Promise<SessionResponse> {
  const refresh = await ctx.refreshTokens.issue({ userId: user.id });
  const access = await ctx.accessTokens.sign({ userId: user.id, familyId: refresh.familyId, authTime: ctx.clock.now() });
  return {
    user: toPublicUser(user),
    token: access,
    access_token: access,
    refresh_token: refresh.token,
    token_type: 'bearer',
    expires_in: ctx.accessTokens.ttlSeconds,
  };
}

/**
 * Sign-up: the same answer (201) whether or not the address has an account and whether or not the
 * username is taken; only the mail differs. The credentials are kept as a pending sign-up, bound
 * to the code mailed for it; the user is created at verification, from that sign-up only.
 */
export async function signup(ctx: AppContext, input: Signup & { ip: string; mailIn?: LocaleCode }) {
  await enforce(ctx.limiter, `signup:ip:${input.ip}`, LIMITS.signupPerIp);
  rejectCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await getUserByEmail(ctx.db, { email: input.email });
  if (existing?.emailVerifiedAt) {
    if (await codeMailAllowed(ctx, input.email))
      sendLater(ctx, alreadyRegisteredMail(input.email, mailLocale(input.mailIn, existing.locale)));
    return { message: MESSAGES_OUT.signup, pendingId: undefined };
  }
  const now = ctx.clock.now();
  const pending = await insertPendingSignup(ctx.db, {
    email: input.email,
    username: input.username,
    name: input.name,
    passwordHash,
    createdAt: new Date(now),
    expiresAt: new Date(now + PENDING_SIGNUP_TTL_MS),
  });
  if (await codeMailAllowed(ctx, input.email)) {
    const code = await ctx.emailCodes.issue({ email: input.email, purpose: 'signup', pendingSignupId: pending.id });
    sendLater(ctx, signupCodeMail(input.email, code, input.username, mailLocale(input.mailIn)));
  }
  return { message: MESSAGES_OUT.signup, pendingId: pending.id };
}

/** At most one code mail a minute and five an hour per address (silently skipped at sign-up). */
export async function codeMailAllowed(ctx: AppContext, email: string, purpose: CodePurpose = 'signup') {
  const minute = await ctx.limiter.hit(`codemail:${purpose}:min:${email}`, LIMITS.codeMailPerAddressMinute);
  if (!minute.allowed) return false;
  const hour = await ctx.limiter.hit(`codemail:${purpose}:hour:${email}`, LIMITS.codeMailPerAddressHour);
  return hour.allowed;
}

/**
 * Resend and forgot: per IP, and per address once a minute and five times an hour (per purpose).
 * When strangers have used up the address's allowance, a request from an address the owner signed
 * in from before (`trusted`) still gets its code, within an allowance of its own.
 */
async function enforceCodeMail(ctx: AppContext, email: string, ip: string, purpose: CodePurpose, trusted?: () => Promise<boolean>) {
  await enforce(ctx.limiter, `codemail:ip:${ip}`, LIMITS.codeMailPerIp);
  const minute = await ctx.limiter.hit(`codemail:${purpose}:min:${email}`, LIMITS.codeMailPerAddressMinute);
  const refused = minute.allowed ? await ctx.limiter.hit(`codemail:${purpose}:hour:${email}`, LIMITS.codeMailPerAddressHour) : minute;
  if (refused.allowed) return;
  if (trusted && (await trusted())) {
    const own = `codemail:${purpose}:known:${email}:${addressHash(ip)}`;
    await enforce(ctx.limiter, `${own}:min`, LIMITS.codeMailPerAddressMinute, 'RESEND_TOO_SOON');
    await enforce(ctx.limiter, `${own}:hour`, LIMITS.codeMailPerAddressHour, 'RESEND_TOO_SOON');
    return;
  }
  throw new AppError('RESEND_TOO_SOON', { headers: { 'retry-after': String(refused.retryAfterSeconds) } });
}

/**
 * Code checks are limited per IP only. Per address, each code dies after 5 wrong tries and a new
 * code needs a mail (once a minute, 5 an hour): strangers' wrong codes can never make the owner's
 * fresh code answer 429.
 */
async function enforceCodeCheck(ctx: AppContext, ip: string) {
  await enforce(ctx.limiter, `codecheck:ip:${ip}`, LIMITS.codeChecksPerIp);
}

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', {
    detail: 'That username is already taken. Please sign up again with another username.',
    fields: { username: 'That username is already taken.' },
  });

/** Verification creates (or activates) the user; `locale`, the language on screen, becomes their choice. */
export async function verifySignup(
  ctx: AppContext,
  { email, code, ip, locale }: { email: string; code: string; ip: string; locale?: LocaleCode },
) {
  await enforceCodeCheck(ctx, ip);
  const used = await ctx.emailCodes.consume({ email, purpose: 'signup', code });
  const user = await getUserByEmail(ctx.db, { email });
  const now = new Date(ctx.clock.now());
  if (!used.pendingSignupId) {
    // A code mailed before pending sign-ups existed: it activates the unverified user row as it is.
    if (!user) throw new AppError('OTP_INVALID');
    if (!user.emailVerifiedAt) await updateUser(ctx.db, { id: user.id, emailVerifiedAt: now, ...(locale ? { locale } : {}) });
    return { message: MESSAGES_OUT.verified };
  }
  const pending = await getPendingSignup(ctx.db, { id: used.pendingSignupId });
  // Another sign-up of this address was verified first: this code cannot change that account.
  if (!pending || user?.emailVerifiedAt) throw new AppError('OTP_INVALID');
  const owner = await getUserByUsername(ctx.db, { username: pending.username });
  if (owner && owner.id !== user?.id) throw usernameTaken();
  const values = { name: pending.name, username: pending.username, passwordHash: pending.passwordHash, ...(locale ? { locale } : {}) };
  try {
    await ctx.db.transaction(async (tx) => {
      if (user) await updateUser(tx, { id: user.id, ...values, emailVerifiedAt: now });
      else {
        const created = await insertUser(tx, { email, ...values });
        await updateUser(tx, { id: created.id, emailVerifiedAt: now });
      }
      await deletePendingSignups(tx, email);
    });
  } catch (err) {
    // Two verifications racing: for one address, the second code is spent; for one username, told as above.
    const violated = uniqueViolation(err);
    if (violated?.includes('email')) throw new AppError('OTP_INVALID');
    if (violated !== undefined) throw usernameTaken();
    throw err;
  }
  return { message: MESSAGES_OUT.verified };
}

/** The constraint a unique violation (SQLSTATE 23505) broke, looking through wrapped causes. */
const uniqueViolation = (err: unknown): string | undefined => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
};

/**
 * The owner's resend (the browser that made the sign-up, by its signed cookie) mails a fresh code for
 * its own sign-up within an allowance of its own, once a minute and five times an hour, that no
 * stranger's resend or wrong code can use up. Only the three oldest live sign-ups of an address have
 * one, so the mails to an address stay bounded: 5 × 3 an hour from the address's allowance (a code
 * per pending sign-up) and 3 × 5 from its owners'.
 */
async function resendToOwner(ctx: AppContext, { email, ownedId, mailIn }: { email: string; ownedId: string; mailIn: LocaleCode }) {
  const owned = await ownedPendingSignup(ctx.db, { id: ownedId, email, now: new Date(ctx.clock.now()), max: PENDING_RESEND_MAX });
  if (!owned) return false;
  await enforce(ctx.limiter, `codemail:signup:owner:${owned.id}:min`, LIMITS.codeMailPerAddressMinute, 'RESEND_TOO_SOON');
  await enforce(ctx.limiter, `codemail:signup:owner:${owned.id}:hour`, LIMITS.codeMailPerAddressHour, 'RESEND_TOO_SOON');
  const code = await ctx.emailCodes.issue({ email, purpose: 'signup', pendingSignupId: owned.id });
  sendLater(ctx, signupCodeMail(email, code, owned.username, mailIn));
  return true;
}

/**
 * A resend from the sign-up's own browser goes to its owner's allowance; any other mails a fresh
 * code for each pending sign-up of the address (each naming its username) within the address's.
 */
export async function resendSignupCode(
  ctx: AppContext,
  { email, ip, ownedId, mailIn }: { email: string; ip: string; ownedId?: string; mailIn?: LocaleCode },
) {
  const language = mailLocale(mailIn);
  if (ownedId && (await resendToOwner(ctx, { email, ownedId, mailIn: language }))) return { message: MESSAGES_OUT.resent };
  await enforceCodeMail(ctx, email, ip, 'signup');
  const pendings = await livePendingSignups(ctx.db, { email, now: new Date(ctx.clock.now()), limit: PENDING_RESEND_MAX });
  for (const p of pendings) {
    const code = await ctx.emailCodes.issue({ email, purpose: 'signup', pendingSignupId: p.id });
    sendLater(ctx, signupCodeMail(email, code, p.username, language));
  }
  if (pendings.length === 0) {
    const user = await getUserByEmail(ctx.db, { email });
    if (user && !user.emailVerifiedAt)
      sendLater(
        ctx,
        verificationCodeMail(email, await ctx.emailCodes.issue({ email, purpose: 'signup' }), mailLocale(mailIn, user.locale)),
      );
  }
  return { message: MESSAGES_OUT.resent };
}

/**
 * Forgot-password does the same work whether or not the address has an account: the same lookup
 * and the same code issued and stored (a code for no account can never reset anything); only the
 * mail, sent after the response, differs.
 */
export async function forgotPassword(ctx: AppContext, { email, ip, mailIn }: { email: string; ip: string; mailIn?: LocaleCode }) {
  const user = await getUserByEmail(ctx.db, { email });
  await enforceCodeMail(ctx, email, ip, 'reset', async () =>
    user ? isKnownAddress(ctx.db, { userId: user.id, addressHash: addressHash(ip) }) : false,
  );
  const code = await ctx.emailCodes.issue({ email, purpose: 'reset' });
  if (user) sendLater(ctx, () => resetCodeMail(email, code, mailLocale(mailIn, user.locale)));
  return { message: MESSAGES_OUT.forgot };
}

export async function resetPassword(
  ctx: AppContext,
  { email, code, password, ip, mailIn }: { email: string; code: string; password: string; ip: string; mailIn?: LocaleCode },
) {
  await enforceCodeCheck(ctx, ip);
  rejectCommonPassword(password);
  await ctx.emailCodes.consume({ email, purpose: 'reset', code });
  const user = assertFound(await getUserByEmail(ctx.db, { email }), 'OTP_INVALID');
  await updateUser(ctx.db, {
    id: user.id,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(ctx.clock.now()),
  });
  await ctx.refreshTokens.revokeAllForUser(user.id);
  await ctx.limiter.reset(`login:acct:${email}`);
  await ctx.limiter.reset(`login:lock:${email}`);
  securityEvent(ctx, 'password_reset', user.id);
  sendLater(ctx, passwordChangedMail(email, mailLocale(mailIn, user.locale)));
  return { message: MESSAGES_OUT.reset };
}

export async function refresh(ctx: AppContext, { refreshToken }: { refreshToken: string }) {
  const rotated = await ctx.refreshTokens.rotate(refreshToken, ({ userId }) => {
    securityEvent(ctx, 'refresh_reuse', userId);
    securityEvent(ctx, 'family_revoked', userId);
  });
  const user = assertFound(await getUserById(ctx.db, { id: rotated.userId }), 'REFRESH_INVALID');
  // The family started at the login: a refreshed session keeps that login's time as auth_time.
  const access = await ctx.accessTokens.sign({
    userId: user.id,
    familyId: rotated.familyId,
    authTime: rotated.familyStartedAt.getTime(),
  });
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
  const user = assertFound(await getUserById(ctx.db, { id: userId }), 'TOKEN_INVALID');
  return { user: toPublicUser(user), token, access_token: token, token_type: 'bearer' as const };
}

/**
 * Deletion needs a recent proof of identity: the password given with the request (checked with
 * its own per-account limit, like login), or a login within the last 5 minutes (auth_time).
 */
export async function deleteAccount(
  ctx: AppContext,
  {
    userId,
    password,
    reason,
    ip,
    authTime,
    mailIn,
  }: { userId: string; password?: string; reason: string; ip: string; authTime?: number; mailIn?: LocaleCode },
) {
  await enforce(ctx.limiter, `delete:ip:${ip}`, LIMITS.deletePerIp);
  const accountKey = `delete:acct:${userId}`;
  await refuseIfLimited(ctx.limiter, accountKey, LIMITS.deletePasswordFailuresPerAccount);
  const user = assertFound(await getUserById(ctx.db, { id: userId }), 'ACCOUNT_NOT_FOUND');
  if (password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, password))) {
      const hit = await ctx.limiter.hit(accountKey, LIMITS.deletePasswordFailuresPerAccount);
      if (hit.count === LIMITS.deletePasswordFailuresPerAccount.limit) securityEvent(ctx, 'login_locked', user.id);
      throw new AppError('INVALID_CREDENTIALS');
    }
  } else if (authTime === undefined || ctx.clock.now() - authTime > RECENT_AUTH_MS) {
    throw new AppError('RECENT_AUTH_REQUIRED');
  }
  await ctx.refreshTokens.revokeAllForUser(user.id);
  await ctx.billing.endForDeletedAccount({ userId: user.id });
  await deleteAccountForGood({ db: ctx.db, file: ctx.config.deletedAccountsLedger, user });
  await ctx.limiter.reset(accountKey);
  ctx.log.info({ reason }, 'account deleted');
  securityEvent(ctx, 'account_deleted', user.id);
  sendLater(ctx, accountDeletedMail(user.email, mailLocale(mailIn, user.locale)));
  return { message: MESSAGES_OUT.deleted };
}
