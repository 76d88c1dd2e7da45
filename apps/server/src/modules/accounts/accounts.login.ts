import { randomUUID } from 'node:crypto';
import type { LocaleCode } from '@sangam/contracts';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import { signInCodeMail } from '@/lib/mailer/templates';
import { verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { LIMITS, lockRule, refuseIfLimited } from '@/modules/accounts/accounts.limits';
import {
  getUserByEmail,
  isKnownAddress,
  livePendingSignups,
  rememberAddress,
  type UserRow,
  updateUser,
} from '@/modules/accounts/accounts.queries';
import { addressHash, codeMailAllowed, securityEvent, sendLater, sessionFor } from '@/modules/accounts/accounts.service';
import { deviceHash } from '@/modules/accounts/devices';
import { mailLocale } from '@/modules/accounts/mail-locale';

/** `priority`: the device signed in to this account lately, so its password check goes first (lib/passwords.ts). */
/** `locale`: the language kept while signed out, adopted by the profile; `mailIn`: the step-up mail's language as asked. */
type LoginInput = {
  email: string;
  password: string;
  code?: string;
  ip: string;
  deviceId?: string;
  priority?: boolean;
  locale?: LocaleCode;
  mailIn?: LocaleCode;
};

/**
 * The answer to a device the account does not know while its address is under a flood: the same
 * whether or not the password is right (with a code given, OTP_INVALID; without, LOGIN_CODE_REQUIRED),
 * so a flood learns nothing from it.
 */
const noVerdict = (code?: string) => new AppError(code ? 'OTP_INVALID' : 'LOGIN_CODE_REQUIRED');

/**
 * The step-up check of a correct password: without a code, a sign-in code is mailed to the account
 * (once a minute, five an hour) and the answer is LOGIN_CODE_REQUIRED; with one, the code must match.
 */
async function passStepUp(ctx: AppContext, user: UserRow, code?: string, mailIn?: LocaleCode) {
  if (!code) {
    if (await codeMailAllowed(ctx, user.email, 'login')) {
      const fresh = await ctx.emailCodes.issue({ email: user.email, purpose: 'login' });
      sendLater(ctx, signInCodeMail(user.email, fresh, mailLocale(mailIn, user.locale)));
    }
    throw noVerdict();
  }
  try {
    await ctx.emailCodes.consume({ email: user.email, purpose: 'login', code });
  } catch (err) {
    if (err instanceof AppError) throw noVerdict(code);
    throw err;
  }
}

/**
 * Login, limited on the account and the signed-in device first.
 * - Failures count per account: after 5 in 15 minutes the account answers 429 to every device and
 *   address it does not know (each lockout in a day doubles the lock), while a device (or, outside a
 *   flood, an address) it signed in from before keeps a count of 5 of its own.
 * - Failures, never successes, count per client address (many users share one address behind
 *   carrier-grade NAT), a generous outer bound: past 50 in 15 minutes the address is under a flood,
 *   and a device the account does not know needs a code mailed to the account (step-up) instead of
 *   a bare 429; a known device signs in as usual.
 * Returns the session and the device id to keep in the device cookie.
 */
export async function login(ctx: AppContext, { email, password, code, ip, deviceId, priority = false, locale, mailIn }: LoginInput) {
  const user = await getUserByEmail(ctx.db, { email });
  const address = addressHash(ip);
  const device = deviceId ? deviceHash(deviceId) : undefined;
  const knownDevice = user && device ? await isKnownAddress(ctx.db, { userId: user.id, addressHash: device }) : false;
  const ipKey = `login:fail:ip:${ip}`;
  const flooded = !(await ctx.limiter.peek(ipKey, LIMITS.loginFailuresPerIp)).allowed;
  const stepUp = flooded && !knownDevice;
  const accountKey = `login:acct:${email}`;
  const ownKey = knownDevice ? `login:acct-dev:${email}:${device}` : `login:acct-addr:${email}:${address}`;
  const lockKey = `login:lock:${email}`;
  const account = await ctx.limiter.peek(accountKey, LIMITS.loginFailuresPerAccount);
  const lock = await ctx.limiter.peek(lockKey, lockRule(1));
  const limited = !account.allowed || !lock.allowed;
  // A flooded address is shared with the flood: only a known device passes the account's lock there.
  const known =
    limited && user ? knownDevice || (!flooded && (await isKnownAddress(ctx.db, { userId: user.id, addressHash: address }))) : false;
  if (limited && !known) {
    const wait = Math.max(account.allowed ? 0 : account.retryAfterSeconds, lock.allowed ? 0 : lock.retryAfterSeconds);
    throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
  }
  if (known) await refuseIfLimited(ctx.limiter, ownKey, LIMITS.loginFailuresPerAccount);
  let ok = false;
  let pendingMatch = false;
  if (user) ok = await verifyPassword(user.passwordHash, password, priority);
  else {
    // A sign-up not yet verified: its own password says "verify your email"; anything else is a failure.
    const [pending] = await livePendingSignups(ctx.db, { email, now: new Date(ctx.clock.now()), limit: 1 });
    pendingMatch = pending ? await verifyPassword(pending.passwordHash, password, priority) : await verifyAgainstDummy(password, priority);
  }
  if (pendingMatch) throw stepUp ? noVerdict(code) : new AppError('EMAIL_NOT_VERIFIED');
  if (!user || !ok) {
    await ctx.limiter.hit(ipKey, LIMITS.loginFailuresPerIp);
    const hit = await ctx.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount);
    await ctx.limiter.hit(ownKey, LIMITS.loginFailuresPerAccount);
    if (hit.count === LIMITS.loginFailuresPerAccount.limit) {
      // Each lockout in a day doubles how long unknown addresses stay locked out (15, 30, 60 min...).
      const lockouts = await ctx.limiter.hit(`login:lockouts:${email}`, LIMITS.loginLockoutsPerAccount);
      const rule = lockRule(lockouts.count);
      await ctx.limiter.hit(lockKey, rule);
      await ctx.limiter.hit(lockKey, rule);
      if (user) securityEvent(ctx, 'login_locked', user.id);
    }
    throw stepUp ? noVerdict(code) : new AppError('INVALID_CREDENTIALS');
  }
  if (stepUp) await passStepUp(ctx, user, code, mailIn);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  await ctx.limiter.reset(accountKey);
  await ctx.limiter.reset(ownKey);
  const now = new Date(ctx.clock.now());
  const signedIn = deviceId ?? randomUUID();
  await rememberAddress(ctx.db, { userId: user.id, addressHash: address, now });
  await rememberAddress(ctx.db, { userId: user.id, addressHash: deviceHash(signedIn), now });
  // A language chosen while signed out becomes the profile's, so it follows the user to other devices.
  const adopted = locale && locale !== user.locale ? ((await updateUser(ctx.db, { id: user.id, locale })) ?? user) : user;
  return { session: await sessionFor(ctx, adopted), deviceId: signedIn };
}
