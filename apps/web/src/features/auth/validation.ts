import { EMAIL_PATTERN, isStrongPassword, MESSAGES, NAME_PATTERN, OTP_PATTERN, USERNAME_PATTERN } from '@sangam/contracts';

/** Client checks mirror the server's rules and messages (the server stays the guard). */
export const validateEmail = (v: string) =>
  !v.trim() ? MESSAGES.emailRequired : EMAIL_PATTERN.test(v.trim()) ? null : MESSAGES.emailInvalid;
export const validateLoginPassword = (v: string) => (!v ? MESSAGES.passwordRequired : v.length < 6 ? MESSAGES.passwordMin6 : null);
export const validateStrongPassword = (v: string) => (isStrongPassword(v) ? null : MESSAGES.passwordStrength);
export const validateName = (v: string) => (NAME_PATTERN.test(v.trim()) ? null : MESSAGES.enterValidDetails);
export const validateOtp = (v: string) => (OTP_PATTERN.test(v) ? null : MESSAGES.otpInvalid);

/** Username helper: messages for too short / too long, and 'Username looks good!' when valid. */
export function usernameStatus(v: string): { error: string | null; ok: string | null } {
  if (!v) return { error: null, ok: null };
  if (v.length < 3) return { error: MESSAGES.usernameMin, ok: null };
  if (v.length > 30) return { error: MESSAGES.usernameMax, ok: null };
  if (!USERNAME_PATTERN.test(v)) return { error: MESSAGES.usernameChars, ok: null };
  return { error: null, ok: MESSAGES.usernameOk };
}
