import { z } from 'zod';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/**
 * Validation rules shared by the screens and the server (docs/spec-rules.md §5, docs/spec-rules.md (decisions)).
 *
 * Every pattern runs in linear time: EMAIL_PATTERN accepts exactly what `local@domain.tld` with no space
 * or `@` did (a dot somewhere inside the domain, not first or last), but the domain's first dot is found
 * by a class that excludes dots, so a failing match cannot backtrack (the old `[^\s@]+\.[^\s@]+$` took
 * 2.8 s on `a@` + 50,000 dots + `@`). Control characters (NUL included) are not part of any address.
 * The schemas below also check the length of every input first, with `abort`, so no pattern ever runs on
 * a long string (zod 4 otherwise runs every check, `.max()` included, and then the pattern).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses
export const EMAIL_PATTERN = /^[^\s@\x00-\x1f\x7f]+@[^\s@\x00-\x1f\x7f][^\s@.\x00-\x1f\x7f]*\.[^\s@\x00-\x1f\x7f]+$/;
export const USERNAME_PATTERN = /^[a-z0-9]+$/;
export const NAME_PATTERN = /^[A-Za-z](?:[A-Za-z .'-]*[A-Za-z])?$/;
export const OTP_PATTERN = /^\d{6}$/;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordStrength: 'Password must be 8+ chars, include upper, lower, number and special character',
  passwordsDoNotMatch: 'Passwords do not match',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 30 characters',
  usernameChars: 'Username can only use lowercase letters and numbers',
  usernameOk: 'Username looks good!',
  usernameHint: '(3-30 characters, lowercase letters and numbers only)',
  enterValidDetails: 'Enter valid details',
  otpInvalid: 'Please enter a valid 6-digit OTP',
  resetCodeRequired: 'Reset code is required',
  reasonRequired: 'Please select a reason',
} as const;

/** The password-strength helper: 5 requirements; <=2 Weak, 3 Fair, 4 Good, 5 Strong. */
export function passwordStrength(password: string) {
  const checks = {
    length: password.length >= 8,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
  const score = Object.values(checks).filter(Boolean).length;
  const label = score <= 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { checks, score, label } as const;
}
export const isStrongPassword = (password: string) => passwordStrength(password).score === 5;

/** Longest e-mail address (RFC 5321) and password accepted. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
/**
 * The longest raw input before trimming and Unicode normalisation: room for spaces around a value and
 * for decomposed (NFD) accents, while a 50,000-character string stops at once.
 */
const rawMax = (max: number) => max * 4 + 16;
/** A string check that stops the schema when it fails (the checks after it never run). */
const tooLong = (message: string) => ({ message, abort: true }) as const;

/**
 * The one form of an e-mail address everywhere (sign-up, login, codes, reset, deletion): trimmed,
 * Unicode NFC (so "josé" typed precomposed or decomposed is one address), then lower case.
 */
export const normalizeEmail = (raw: string) => raw.trim().normalize('NFC').toLowerCase().normalize('NFC');

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .max(rawMax(EMAIL_MAX), tooLong(MESSAGES.emailInvalid))
  .overwrite(normalizeEmail)
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX, tooLong(MESSAGES.emailInvalid))
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);
const email = emailSchema;
const strongPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { message: MESSAGES.passwordRequired, abort: true })
  .max(PASSWORD_MAX, tooLong('Password must be at most 128 characters'))
  .refine(isStrongPassword, MESSAGES.passwordStrength);
const otp = z.string({ error: MESSAGES.otpInvalid }).max(64, tooLong(MESSAGES.otpInvalid)).trim().regex(OTP_PATTERN, MESSAGES.otpInvalid);

/**
 * Usernames are trimmed and NFC-normalised like every identifier; the pattern then admits only
 * lowercase ASCII letters and digits, so two spellings of one name (accents, case, look-alike letters)
 * can never become two accounts.
 */
export const usernameSchema = z
  .string({ error: MESSAGES.enterValidDetails })
  .max(rawMax(30), tooLong(MESSAGES.usernameMax))
  .trim()
  .normalize('NFC')
  .min(3, MESSAGES.usernameMin)
  .max(30, tooLong(MESSAGES.usernameMax))
  .regex(USERNAME_PATTERN, MESSAGES.usernameChars);
export const nameSchema = z
  .string({ error: MESSAGES.enterValidDetails })
  .max(rawMax(80), tooLong(MESSAGES.enterValidDetails))
  .trim()
  .normalize('NFC')
  .min(1, MESSAGES.enterValidDetails)
  .max(80, tooLong(MESSAGES.enterValidDetails))
  .regex(NAME_PATTERN, MESSAGES.enterValidDetails);

export const loginSchema = z.object({
  username: email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(6, MESSAGES.passwordMin6)
    .max(PASSWORD_MAX, tooLong('Password must be at most 128 characters')),
});
export const signupSchema = z.object({ name: nameSchema, username: usernameSchema, email, password: strongPassword });
export const verifyOtpSchema = z.object({ email, code: otp });
export const emailOnlySchema = z.object({ email });
export const refreshSchema = z.object({ refresh_token: z.string().min(16).max(512) });
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, tooLong('Password must be at most 128 characters')),
  reason: z.enum(['user_request', 'privacy_concerns', 'not_useful', 'technical_issues', 'switching_service', 'other'], {
    error: MESSAGES.reasonRequired,
  }),
  feedback: z.string().max(2000).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
});
export const updateProfileSchema = z.object({
  firstName: z.string().max(rawMax(60), tooLong('First name is too long')).trim().max(60).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
  lastName: z.string().max(rawMax(60), tooLong('Last name is too long')).trim().max(60).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
  name: nameSchema.optional(),
});

export const DELETE_REASONS = [
  { value: 'user_request', label: 'I no longer need this account' },
  { value: 'privacy_concerns', label: 'Privacy concerns' },
  { value: 'not_useful', label: 'Service not useful' },
  { value: 'technical_issues', label: 'Too many technical issues' },
  { value: 'switching_service', label: 'Switching to another service' },
  { value: 'other', label: 'Other reason' },
] as const;

export type Login = z.infer<typeof loginSchema>;
export type Signup = z.infer<typeof signupSchema>;
export type VerifyOtp = z.infer<typeof verifyOtpSchema>;
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** The user as every account response returns it. */
export type PublicUser = { id: string; firstName: string; lastName: string; name: string; username: string; email: string; plan: string };
/** Login, refresh and verify answers: `token` and `access_token` are the same access token. */
export type SessionResponse = {
  user: PublicUser;
  token: string;
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
};
export type MessageResponse = { message: string };
