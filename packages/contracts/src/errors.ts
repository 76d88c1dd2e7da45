import { z } from 'zod';

/**
 * The one registry of error codes: each code with its HTTP status and the message a user sees.
 * The server throws `new AppError('CODE')`; the web maps codes to screens.
 */
export const ERRORS = {
  // platform
  VALIDATION_FAILED: { status: 400, detail: 'The request is not valid.' },
  BAD_REQUEST: { status: 400, detail: 'The request could not be understood.' },
  NOT_FOUND: { status: 404, detail: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, detail: 'Method not allowed.' },
  PAYLOAD_TOO_LARGE: { status: 413, detail: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, detail: 'Unsupported content type.' },
  RATE_LIMITED: { status: 429, detail: 'Too many attempts. Please wait and try again.' },
  INTERNAL: { status: 500, detail: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, detail: 'The service is temporarily unavailable.' },
  // accounts
  INVALID_CREDENTIALS: { status: 401, detail: 'Invalid email or password' },
  UNAUTHENTICATED: { status: 401, detail: 'Please sign in to continue.' },
  TOKEN_INVALID: { status: 401, detail: 'Your session is not valid. Please sign in again.' },
  TOKEN_EXPIRED: { status: 401, detail: 'Your session has expired. Please sign in again.' },
  REFRESH_INVALID: { status: 401, detail: 'Token refresh failed' },
  EMAIL_NOT_VERIFIED: { status: 403, detail: 'Please verify your email before signing in.' },
  USERNAME_TAKEN: { status: 409, detail: 'That username is already taken.' },
  OTP_INVALID: { status: 400, detail: 'Invalid OTP' },
  OTP_EXPIRED: { status: 400, detail: 'This code has expired. Please request a new one.' },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, detail: 'Too many wrong codes. Please request a new one.' },
  LOGIN_CODE_REQUIRED: {
    status: 401,
    detail: 'For your security, if your email and password are right we have sent a sign-in code to your email. Enter it to continue.',
  },
  RESEND_TOO_SOON: { status: 429, detail: 'Please wait a minute before asking for another code.' },
  PASSWORDS_DO_NOT_MATCH: { status: 400, detail: 'Passwords do not match' },
  ACCOUNT_NOT_FOUND: { status: 404, detail: 'Account not found.' },
  // answer engine
  API_KEY_INVALID: { status: 401, detail: 'The X-API-Key header is missing or not recognised.' },
  IMAGE_INVALID: { status: 400, detail: 'The image must be a JPEG, PNG or WebP picture.' },
  IMAGE_TOO_LARGE: { status: 413, detail: 'The image must be at most 5 MB.' },
  PROMPT_TOO_LONG: { status: 413, detail: 'The prompt is too long.' },
  MODEL_UNAVAILABLE: {
    status: 503,
    detail: 'No AI model is available right now. An operator must configure a model provider.',
  },
  ALL_MODELS_FAILED: { status: 502, detail: 'Every AI model failed to answer. Please try again.' },
  QUOTA_EXCEEDED: { status: 402, detail: 'You have used this month’s allowance. See the plans on the pricing page.' },
  CHAT_NOT_FOUND: { status: 404, detail: 'Chat not found.' },
  // tools
  PLACE_NOT_FOUND: { status: 400, detail: 'We could not find that birth place. Please enter a nearby city.' },
  BIRTH_DATA_INVALID: { status: 400, detail: 'Please give a valid date and time of birth.' },
  // accounts (issue 11)
  PASSWORD_TOO_COMMON: { status: 400, detail: 'This password is too common. Please choose a less predictable one.' },
  RECENT_AUTH_REQUIRED: {
    status: 403,
    detail: 'For your security, please enter your password again to delete your account.',
  },
  // answer engine: per-user concurrency
  TOO_MANY_ANSWERS: { status: 429, detail: 'Several answers are already in progress. Please wait for one to finish.' },
  // operations
  SERVER_BUSY: { status: 503, detail: 'The server is busy right now. Please try again in a moment.' },
  // input safety net (issue 11): a database constraint refused the request's data
  CONFLICT: { status: 409, detail: 'The request conflicts with the current data. Please reload and try again.' },
  // arena
  ARENA_NEEDS_TWO_MODELS: { status: 503, detail: 'The arena needs at least two configured models.' },
  ARENA_MODEL_FAILED: { status: 502, detail: 'One of the two models failed to answer. Please try again.' },
  BATTLE_NOT_FOUND: { status: 404, detail: 'Battle not found.' },
  BATTLE_EXPIRED: { status: 410, detail: 'This battle has expired. Start a new one.' },
  BATTLE_ALREADY_VOTED: { status: 409, detail: 'This battle already has a vote; the names are revealed.' },
  VOTE_CAP_REACHED: { status: 429, detail: 'You have reached today’s vote limit. Please come back tomorrow.' },
  MODEL_UNKNOWN: { status: 400, detail: 'Unknown model.' },
  // billing (issue 17)
  PAYMENTS_DISABLED: { status: 404, detail: 'Payments are not enabled on this server.' },
  PAYMENTS_UNAVAILABLE: { status: 502, detail: 'The payment provider could not be reached. Please try again in a few minutes.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, detail: 'The webhook signature is missing or does not match.' },
  ALREADY_SUBSCRIBED: { status: 409, detail: 'You already have a subscription. Change your plan from the billing page.' },
  NO_SUBSCRIPTION: { status: 404, detail: 'You have no active subscription.' },
  SAME_PLAN: { status: 409, detail: 'You are already on this plan.' },
  // answer engine: one model's outcome (the `code` of a model-error event and of ModelAnswer.error)
  MODEL_FAILED: { status: 502, detail: 'This model failed to answer.' },
  MODEL_TIMEOUT: { status: 504, detail: 'This model did not answer in time.' },
  MODEL_CIRCUIT_OPEN: { status: 503, detail: 'This model is temporarily unavailable after repeated failures.' },
  MODEL_STOPPED: { status: 409, detail: 'This answer was stopped.' },
  // conversations (issue 13)
  MESSAGE_NOT_FOUND: { status: 404, detail: 'Message not found.' },
  ANSWER_NOT_RUNNING: { status: 409, detail: 'This answer is no longer being generated.' },
  SHARE_NOT_FOUND: { status: 404, detail: 'This shared chat does not exist or is no longer shared.' },
  MODEL_NOT_FOUND: { status: 400, detail: 'No such model is available.' },
  // transparent fusion (issue 15)
  ANSWER_STILL_RUNNING: { status: 409, detail: 'This answer is still being generated. Fuse again once every model has finished.' },
  FUSION_NEEDS_ANSWERS: { status: 409, detail: 'Fusing needs at least two finished answers.' },
  FUSION_FAILED: { status: 502, detail: 'The answers could not be fused. Please try again.' },
} as const satisfies Record<string, { status: number; detail: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Every error body the API sends. */
export const apiErrorSchema = z.object({
  code: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
