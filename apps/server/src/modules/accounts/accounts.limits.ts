import { AppError } from '@/errors';
import type { RateLimiter, RateRule } from '@/lib/rate-limit/rate-limiter';

const MINUTE = 60_000;

/** Rate limits per IP and per account (docs/spec-rules.md (decisions) "Account API"). */
export const LIMITS = {
  /**
   * The outer bound per client address counts failed logins only (many users share one address
   * behind carrier-grade NAT): past it the address is under a flood, and a sign-in from a device
   * the account does not know needs a code mailed to the account.
   */
  loginFailuresPerIp: { limit: 50, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Lockouts of one account counted over a day: each one doubles the next lock for unknown addresses. */
  loginLockoutsPerAccount: { limit: 1_000_000, windowMs: 24 * 60 * MINUTE },
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  codeChecksPerIp: { limit: 30, windowMs: 15 * MINUTE },
  codeMailPerIp: { limit: 20, windowMs: 60 * MINUTE },
  codeMailPerAddressMinute: { limit: 1, windowMs: MINUTE },
  codeMailPerAddressHour: { limit: 5, windowMs: 60 * MINUTE },
  deletePerIp: { limit: 10, windowMs: 15 * MINUTE },
  deletePasswordFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/** Counts one attempt and answers 429 with Retry-After past the limit. */
export async function enforce(
  limiter: RateLimiter,
  key: string,
  rule: RateRule,
  code: 'RATE_LIMITED' | 'RESEND_TOO_SOON' = 'RATE_LIMITED',
) {
  const r = await limiter.hit(key, rule);
  if (!r.allowed) throw new AppError(code, { headers: { 'retry-after': String(r.retryAfterSeconds) } });
}

/** Refuses without counting (used before a password check, so only failures count per account). */
export async function refuseIfLimited(limiter: RateLimiter, key: string, rule: RateRule) {
  const r = await limiter.peek(key, rule);
  if (!r.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(r.retryAfterSeconds) } });
}

/** The lock for unknown addresses after the n-th lockout in a day: 15 minutes, doubling, at most 24 hours. */
export const lockRule = (lockouts: number): RateRule => ({
  limit: 1,
  windowMs: Math.min(24 * 60 * MINUTE, LIMITS.loginFailuresPerAccount.windowMs * 2 ** Math.max(0, Math.min(lockouts - 1, 7))),
});
