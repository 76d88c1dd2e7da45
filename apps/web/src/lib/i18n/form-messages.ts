import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MESSAGES } from '@sangam/contracts';

/**
 * The forms' validation messages: the contracts' zod schemas (shared with the server) speak English,
 * so the fields show each known message through the catalogs. Keyed by the contracts' key, so a new
 * message in MESSAGES fails the typecheck here until it has its catalog entry.
 */
const FORM_MESSAGES: Record<keyof typeof MESSAGES, MessageDescriptor> = {
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Enter a valid email address`,
  passwordRequired: msg`Password is required`,
  passwordMin6: msg`Password must be at least 6 characters`,
  passwordStrength: msg`Password must be 8+ chars, include upper, lower, number and special character`,
  passwordsDoNotMatch: msg`Passwords do not match`,
  usernameMin: msg`Username must be at least 3 characters`,
  usernameMax: msg`Username must be less than 30 characters`,
  usernameChars: msg`Username can only use lowercase letters and numbers`,
  usernameOk: msg`Username looks good!`,
  usernameHint: msg`(3-30 characters, lowercase letters and numbers only)`,
  enterValidDetails: msg`Enter valid details`,
  otpInvalid: msg`Please enter a valid 6-digit OTP`,
  resetCodeRequired: msg`Reset code is required`,
  reasonRequired: msg`Please select a reason`,
};

const byEnglish = new Map<string, MessageDescriptor>(
  (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key) => [MESSAGES[key], FORM_MESSAGES[key]]),
);

/** A form message in the interface's language; text the catalogs do not know (a server's detail) as it is. */
export function formMessage(i18n: I18n, text: string): string {
  const descriptor = byEnglish.get(text);
  return descriptor ? i18n._(descriptor) : text;
}
