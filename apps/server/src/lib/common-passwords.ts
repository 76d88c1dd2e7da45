import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@/errors';

/**
 * The most common passwords (about 49,000, from the MIT-licensed `@zxcvbn-ts/language-common`
 * package, maintained by the zxcvbn-ts project), loaded once at start and compared case-insensitively.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * True when the password, or its letters once the digits and symbols around them are stripped
 * ("Password1!" → "password", "Sunshine2024!" → "sunshine"), is on the list.
 */
export function isCommonPassword(password: string) {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  return core.length > 0 && COMMON.has(core);
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/** Refuses a common password with 400 PASSWORD_TOO_COMMON and a field error on `password`. */
export function rejectCommonPassword(password: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', { fields: { password: COMMON_PASSWORD_MESSAGE } });
}
