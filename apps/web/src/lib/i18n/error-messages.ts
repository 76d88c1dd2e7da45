import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERRORS, type ErrorCode } from '@sangam/contracts';
import { isEnglish } from '@/lib/i18n/is-english';

/**
 * The message of every error code in the user's language. The server's registry (the contracts'
 * `ERRORS`) speaks English for API clients; the web shows each code through the catalogs. Keyed by the
 * registry, so a new code fails the typecheck here until it has its message, and each English message
 * equals the registry's `detail` (checked by the unit test).
 */
export const SERVER_ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  VALIDATION_FAILED: msg`The request is not valid.`,
  BAD_REQUEST: msg`The request could not be understood.`,
  NOT_FOUND: msg`Not found.`,
  METHOD_NOT_ALLOWED: msg`Method not allowed.`,
  PAYLOAD_TOO_LARGE: msg`The request is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`Unsupported content type.`,
  RATE_LIMITED: msg`Too many attempts. Please wait and try again.`,
  INTERNAL: msg`Something went wrong on our side. Please try again.`,
  SERVICE_UNAVAILABLE: msg`The service is temporarily unavailable.`,
  INVALID_CREDENTIALS: msg`Invalid email or password`,
  UNAUTHENTICATED: msg`Please sign in to continue.`,
  TOKEN_INVALID: msg`Your session is not valid. Please sign in again.`,
  TOKEN_EXPIRED: msg`Your session has expired. Please sign in again.`,
  REFRESH_INVALID: msg`Token refresh failed`,
  EMAIL_NOT_VERIFIED: msg`Please verify your email before signing in.`,
  USERNAME_TAKEN: msg`That username is already taken.`,
  OTP_INVALID: msg`Invalid OTP`,
  OTP_EXPIRED: msg`This code has expired. Please request a new one.`,
  OTP_TOO_MANY_ATTEMPTS: msg`Too many wrong codes. Please request a new one.`,
  LOGIN_CODE_REQUIRED: msg`For your security, if your email and password are right we have sent a sign-in code to your email. Enter it to continue.`,
  RESEND_TOO_SOON: msg`Please wait a minute before asking for another code.`,
  PASSWORDS_DO_NOT_MATCH: msg`Passwords do not match`,
  ACCOUNT_NOT_FOUND: msg`Account not found.`,
  API_KEY_INVALID: msg`The X-API-Key header is missing or not recognised.`,
  IMAGE_INVALID: msg`The image must be a JPEG, PNG or WebP picture.`,
  IMAGE_TOO_LARGE: msg`The image must be at most 5 MB.`,
  PROMPT_TOO_LONG: msg`The prompt is too long.`,
  MODEL_UNAVAILABLE: msg`No AI model is available right now. An operator must configure a model provider.`,
  ALL_MODELS_FAILED: msg`Every AI model failed to answer. Please try again.`,
  QUOTA_EXCEEDED: msg`You have used this month’s allowance. See the plans on the pricing page.`,
  CHAT_NOT_FOUND: msg`Chat not found.`,
  PLACE_NOT_FOUND: msg`We could not find that birth place. Please enter a nearby city.`,
  BIRTH_DATA_INVALID: msg`Please give a valid date and time of birth.`,
  PASSWORD_TOO_COMMON: msg`This password is too common. Please choose a less predictable one.`,
  RECENT_AUTH_REQUIRED: msg`For your security, please enter your password again to delete your account.`,
  TOO_MANY_ANSWERS: msg`Several answers are already in progress. Please wait for one to finish.`,
  SERVER_BUSY: msg`The server is busy right now. Please try again in a moment.`,
  CONFLICT: msg`The request conflicts with the current data. Please reload and try again.`,
  ARENA_NEEDS_TWO_MODELS: msg`The arena needs at least two configured models.`,
  ARENA_MODEL_FAILED: msg`One of the two models failed to answer. Please try again.`,
  BATTLE_NOT_FOUND: msg`Battle not found.`,
  BATTLE_EXPIRED: msg`This battle has expired. Start a new one.`,
  BATTLE_ALREADY_VOTED: msg`This battle already has a vote; the names are revealed.`,
  VOTE_CAP_REACHED: msg`You have reached today’s vote limit. Please come back tomorrow.`,
  MODEL_UNKNOWN: msg`Unknown model.`,
  PAYMENTS_DISABLED: msg`Payments are not enabled on this server.`,
  PAYMENTS_UNAVAILABLE: msg`The payment provider could not be reached. Please try again in a few minutes.`,
  WEBHOOK_SIGNATURE_INVALID: msg`The webhook signature is missing or does not match.`,
  ALREADY_SUBSCRIBED: msg`You already have a subscription. Change your plan from the billing page.`,
  NO_SUBSCRIPTION: msg`You have no active subscription.`,
  SAME_PLAN: msg`You are already on this plan.`,
  MODEL_FAILED: msg`This model failed to answer.`,
  MODEL_TIMEOUT: msg`This model did not answer in time.`,
  MODEL_CIRCUIT_OPEN: msg`This model is temporarily unavailable after repeated failures.`,
  MODEL_STOPPED: msg`This answer was stopped.`,
  MESSAGE_NOT_FOUND: msg`Message not found.`,
  ANSWER_NOT_RUNNING: msg`This answer is no longer being generated.`,
  SHARE_NOT_FOUND: msg`This shared chat does not exist or is no longer shared.`,
  MODEL_NOT_FOUND: msg`No such model is available.`,
  ANSWER_STILL_RUNNING: msg`This answer is still being generated. Fuse again once every model has finished.`,
  FUSION_NEEDS_ANSWERS: msg`Fusing needs at least two finished answers.`,
  FUSION_FAILED: msg`The answers could not be fused. Please try again.`,
};

/** Failures the browser sees without the server saying why (no code of the registry applies). */
export const CLIENT_ERROR_MESSAGES = {
  NETWORK: msg`Sangam could not be reached. Check your connection and try again.`,
  INVALID_RESPONSE: msg`Invalid JSON response from server`,
  STREAM_CUT: msg`The answer stopped before it was complete. Please try again.`,
  ABORTED: msg`The request was cancelled.`,
} as const satisfies Record<string, MessageDescriptor>;
export type ClientErrorCode = keyof typeof CLIENT_ERROR_MESSAGES;

export const isRegisteredCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERRORS, code);
const isClientCode = (code: unknown): code is ClientErrorCode => typeof code === 'string' && Object.hasOwn(CLIENT_ERROR_MESSAGES, code);

/** The message of a known code in the active language, or undefined for a code neither side knows. */
export function codeMessage(code: string | undefined, i18n: I18n = activeI18n): string | undefined {
  // Before any catalog is active (Lingui would throw) the English of the registry.
  if (!i18n.locale)
    return isRegisteredCode(code) ? ERRORS[code].detail : isClientCode(code) ? CLIENT_ERROR_MESSAGES[code].message : undefined;
  if (isRegisteredCode(code)) return i18n._(SERVER_ERROR_MESSAGES[code]);
  if (isClientCode(code)) return i18n._(CLIENT_ERROR_MESSAGES[code]);
  return undefined;
}

/**
 * The text a user reads for an error `{ code, detail }`: in English the server's own `detail` (it may
 * be more precise than the registry's, e.g. the place that was not found); in any other language the
 * code's message; an unknown code keeps the server's detail; nothing sent at all reads the code's message.
 */
export function errorMessage(code: string | undefined, detail: string | undefined, i18n: I18n = activeI18n): string {
  const sent = detail?.trim();
  const known = codeMessage(code, i18n);
  if (sent && (isEnglish(i18n) || known === undefined)) return sent;
  return known ?? sent ?? codeMessage('INTERNAL', i18n) ?? ERRORS.INTERNAL.detail;
}

/**
 * A server's success text (`{ message }` after a sign-up, a reset…) in the user's language: in English
 * the server's words, else the screen's own translated message.
 */
export function successMessage(sent: string | undefined, translated: string, i18n: I18n = activeI18n): string {
  return isEnglish(i18n) && sent ? sent : translated;
}
