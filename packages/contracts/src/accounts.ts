import { z } from 'zod';
import { answerLanguageSchema, localeSchema } from './languages';
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
/**
 * A display name: letters of any script, with their combining marks (a Devanagari or Tamil vowel
 * sign is a mark: सीता, முருகன்), spaces, dot, apostrophe and hyphen, starting and ending with a
 * letter (and its marks). Digits, emoji, controls and invisible format characters (zero-width
 * joiners, direction overrides) are refused. Written as words separated by runs of separators, two
 * classes that never overlap, so it runs in linear time (hostile-input.test.ts).
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*(?:[ .'-]+\p{L}[\p{L}\p{M}]*)*$/u;
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

/**
 * The language the visitor has on screen, sent with the account requests: mails go out in it, and
 * signing in keeps it on the profile. Absent: `Accept-Language`, else the stored choice, else English.
 */
export const requestLocale = localeSchema.optional();

export const loginSchema = z.object({
  username: email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(6, MESSAGES.passwordMin6)
    .max(PASSWORD_MAX, tooLong('Password must be at most 128 characters')),
  /** The code mailed when a sign-in needs a second step (LOGIN_CODE_REQUIRED). */
  code: otp.optional(),
  locale: requestLocale,
});
export const signupSchema = z.object({
  name: nameSchema,
  username: usernameSchema,
  email,
  password: strongPassword,
  locale: requestLocale,
});
export const verifyOtpSchema = z.object({ email, code: otp, locale: requestLocale });
export const emailOnlySchema = z.object({ email, locale: requestLocale });
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
  /** The interface language, kept on the profile so it follows the user to another device. */
  locale: localeSchema.optional(),
  /** "Answer in": the question's own language (`same`) or one fixed language. */
  answerLanguage: answerLanguageSchema.optional(),
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

/**
 * POST /reset-password accepts both namings: code/password/confirm and reset_token/new_password/confirm_password.
 * A mismatch of the two passwords is the issue `passwordsDoNotMatch` on `confirm`.
 */
export const resetPasswordSchema = z
  .preprocess(
    (raw) => {
      const b = (raw ?? {}) as Record<string, unknown>;
      return {
        email: b.email,
        code: b.code ?? b.reset_token,
        password: b.password ?? b.new_password,
        confirm: b.confirm ?? b.confirm_password ?? b.confirmPassword,
        locale: b.locale,
      };
    },
    z.object({
      email,
      code: otp.or(z.undefined()).refine((v) => v !== undefined, MESSAGES.resetCodeRequired),
      password: strongPassword,
      confirm: z.string({ error: MESSAGES.passwordsDoNotMatch }),
      locale: requestLocale,
    }),
  )
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

/** POST /auth/logout: the body is optional; a refresh token names the family to end when the session has none. */
export const logoutSchema = z.object({ refresh_token: z.string().max(512).optional() }).nullish();

/**
 * DELETE /api/user/delete, the alternative settings flow: the account email typed again and the word
 * DELETE. Deletion also needs a recent authentication: a login within the last 5 minutes, or the password.
 */
export const confirmDeleteSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  confirmation: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128).optional(),
});

/** The user as every account response returns it. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  plan: z.string(),
  /** The interface language chosen while signed in (null or absent: none chosen yet). */
  locale: localeSchema.nullable().optional(),
  /** "Answer in" (absent: `same`, the question's language). */
  answerLanguage: answerLanguageSchema.optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
/** GET /auth/verify: the session's user and the access token it was called with. */
export const currentSessionSchema = z.object({
  user: publicUserSchema,
  token: z.string(),
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
/** Login, refresh and verify answers: `token` and `access_token` are the same access token. */
export const sessionResponseSchema = currentSessionSchema.extend({ refresh_token: z.string(), expires_in: z.number() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
/** GET /api/user/me, and PUT /api/user/update with its message. */
export const profileSchema = z.object({ user: publicUserSchema });
export const profileUpdatedSchema = profileSchema.extend({ message: z.string() });
