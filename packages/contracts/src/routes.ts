import { z } from 'zod';
import {
  confirmDeleteSchema,
  currentSessionSchema,
  deleteAccountSchema,
  emailOnlySchema,
  loginSchema,
  logoutSchema,
  messageResponseSchema,
  profileSchema,
  profileUpdatedSchema,
  refreshSchema,
  resetPasswordSchema,
  sessionResponseSchema,
  signupSchema,
  updateProfileSchema,
  verifyOtpSchema,
} from './accounts';
import { agentStreamEventSchema, answerResponseSchema, modelListSchema, refineResponseSchema } from './agent';
import {
  battleSchema,
  createBattleSchema,
  feedbackSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  voteResultSchema,
  voteSchema,
} from './arena';
import { billingConfigSchema, billingSummarySchema, checkoutSchema, choosePlanSchema, receiptSchema } from './billing';
import {
  chatDetailSchema,
  chatExportQuerySchema,
  chatIdResponseSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatPatchSchema,
  chatSummarySchema,
  sharedChatSchema,
  shareResponseSchema,
  stopResponseSchema,
  streamQuerySchema,
} from './chats';
import { apiErrorSchema } from './errors';
import { estimateQuerySchema, estimateResponseSchema, myUsageSchema, refuseResponseSchema } from './fusion';
import { modelStatusSchema } from './models';
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema, openAiErrorSchema } from './openai';

/**
 * Every route of the API in one table: its params, query, body and the schema of each status it
 * answers. The server declares each route with its entry (the type provider validates the request and
 * checks the response); a test fails when a registered route has no entry or no response schemas.
 */

/** The `{ code, detail }` body of the given error statuses; 500 is possible everywhere. */
const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries([...statuses, 500].map((s) => [s, apiErrorSchema])) as Record<S | 500, typeof apiErrorSchema>;

/** The error statuses of a route under /v1, each in OpenAI's envelope. */
const openAiErrors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries([...statuses, 500].map((s) => [s, openAiErrorSchema])) as Record<S | 500, typeof openAiErrorSchema>;

/** A body that may be absent: an empty object then. */
const orEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((body) => body ?? {}, schema);

const chatParams = z.object({ chatId: z.uuid('Chat ids are UUIDs') });
const messageParams = chatParams.extend({ messageId: z.uuid('Message ids are UUIDs') });
const shareParams = z.object({
  shareId: z
    .string()
    .max(64)
    .regex(/^[\w-]+$/, 'Not a share id'),
});
const battleParams = z.object({ battleId: z.string().min(1).max(200) });
const receiptParams = z.object({ paymentId: z.string().min(1).max(100) });

/** GET /api/v1/usage: this month's tokens and requests against the plan's allowance. */
export const usageSchema = z.object({
  month: z.string(),
  tokens: z.number().int(),
  requests: z.number().int(),
  allowance: z.number().int(),
  plan: z.object({ id: z.string(), name: z.string() }),
});
export type Usage = z.infer<typeof usageSchema>;

/** A text body (an HTML page, a download, an image or an event stream): sent as it is, never serialized. */
const text = z.string();
const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Bytes');

/** Routes with a session: 401 without one. Bodies add 400 (validation), 413 and 415 (the parser). */
const SIGNED_IN = [401] as const;
const BODY = [400, 413, 415] as const;

export const ROUTES = {
  // health
  'GET /healthz': { response: { 200: z.object({ status: z.literal('ok') }), ...errors() } },
  'GET /readyz': {
    response: { 200: z.object({ status: z.literal('ready'), database: z.string(), models: modelStatusSchema }), ...errors(503) },
  },
  // the models' availability and the local model's download or load progress (public, no secrets)
  'GET /api/v1/model-status': { response: { 200: modelStatusSchema, ...errors() } },

  // accounts
  'POST /api/v1/login': { body: loginSchema, response: { 200: sessionResponseSchema, ...errors(...BODY, 401, 403, 429, 503) } },
  'POST /api/v1/signup': { body: signupSchema, response: { 201: messageResponseSchema, ...errors(...BODY, 429) } },
  'POST /api/v1/signup/otp_verify': { body: verifyOtpSchema, response: { 200: messageResponseSchema, ...errors(...BODY, 409, 429) } },
  'POST /api/v1/signup/resend_otp': { body: emailOnlySchema, response: { 200: messageResponseSchema, ...errors(...BODY, 429) } },
  'POST /api/v1/forgot-password': { body: emailOnlySchema, response: { 200: messageResponseSchema, ...errors(...BODY, 429) } },
  'POST /api/v1/reset-password': { body: resetPasswordSchema, response: { 200: messageResponseSchema, ...errors(...BODY, 429) } },
  'POST /api/v1/refresh': { body: refreshSchema, response: { 200: sessionResponseSchema, ...errors(...BODY, 401) } },
  'POST /api/v1/auth/logout': { body: logoutSchema, response: { 200: messageResponseSchema, ...errors(...BODY, ...SIGNED_IN) } },
  'GET /api/v1/auth/verify': { response: { 200: currentSessionSchema, ...errors(...SIGNED_IN) } },
  'DELETE /api/v1/users/account': {
    body: deleteAccountSchema,
    response: { 200: messageResponseSchema, ...errors(...BODY, ...SIGNED_IN, 403, 404, 429) },
  },

  // users
  'GET /api/user/me': { response: { 200: profileSchema, ...errors(...SIGNED_IN, 404) } },
  'PUT /api/user/update': { body: updateProfileSchema, response: { 200: profileUpdatedSchema, ...errors(...BODY, ...SIGNED_IN, 404) } },
  'DELETE /api/user/delete': {
    body: confirmDeleteSchema,
    response: { 200: messageResponseSchema, ...errors(...BODY, ...SIGNED_IN, 403, 404, 429) },
  },

  // usage
  'GET /api/v1/usage': { response: { 200: usageSchema, ...errors(...SIGNED_IN) } },
  'GET /api/v1/me/usage': { response: { 200: myUsageSchema, ...errors(...SIGNED_IN) } },
  'GET /api/v1/me/estimate': { querystring: estimateQuerySchema, response: { 200: estimateResponseSchema, ...errors(400, ...SIGNED_IN) } },

  // billing
  'POST /api/v1/billing/webhook': {
    response: { 200: z.object({ status: z.literal('ok'), outcome: z.string() }), ...errors(400, 404) },
  },
  'GET /api/v1/billing/config': { response: { 200: billingConfigSchema, ...errors() } },
  'GET /api/v1/billing': { response: { 200: billingSummarySchema, ...errors(...SIGNED_IN, 502) } },
  'POST /api/v1/billing/subscriptions': {
    body: orEmpty(choosePlanSchema),
    response: { 201: checkoutSchema, ...errors(...BODY, ...SIGNED_IN, 404, 409, 429, 502) },
  },
  'POST /api/v1/billing/change': {
    body: orEmpty(choosePlanSchema),
    response: { 201: checkoutSchema, ...errors(...BODY, ...SIGNED_IN, 404, 409, 429, 502) },
  },
  'POST /api/v1/billing/cancel': { response: { 200: billingSummarySchema, ...errors(...SIGNED_IN, 404, 429, 502) } },
  'GET /api/v1/billing/receipts/:paymentId': { params: receiptParams, response: { 200: receiptSchema, ...errors(400, ...SIGNED_IN, 404) } },

  // chats
  'GET /api/v1/chats': { querystring: chatListQuerySchema, response: { 200: chatListResponseSchema, ...errors(400, ...SIGNED_IN) } },
  'GET /api/v1/chats/:chatId': { params: chatParams, response: { 200: chatDetailSchema, ...errors(400, ...SIGNED_IN, 404) } },
  'PATCH /api/v1/chats/:chatId': {
    params: chatParams,
    body: orEmpty(chatPatchSchema),
    response: { 200: chatSummarySchema, ...errors(...BODY, ...SIGNED_IN, 404) },
  },
  'DELETE /api/v1/chats/:chatId': { params: chatParams, response: { 200: chatIdResponseSchema, ...errors(400, ...SIGNED_IN, 404) } },
  /** Markdown, or the chat's JSON with `exportedAt`, as a download. */
  'GET /api/v1/chats/:chatId/export': {
    params: chatParams,
    querystring: chatExportQuerySchema,
    response: { 200: text, ...errors(400, ...SIGNED_IN, 404) },
  },
  'POST /api/v1/chats/:chatId/share': { params: chatParams, response: { 200: shareResponseSchema, ...errors(400, ...SIGNED_IN, 404) } },
  'DELETE /api/v1/chats/:chatId/share': { params: chatParams, response: { 200: chatIdResponseSchema, ...errors(400, ...SIGNED_IN, 404) } },
  /** The question's image, in its own media type. */
  'GET /api/v1/chats/:chatId/messages/:messageId/image': {
    params: messageParams,
    response: { 200: bytes, ...errors(400, ...SIGNED_IN, 404) },
  },
  'POST /api/v1/chats/:chatId/messages/:messageId/stop': {
    params: messageParams,
    response: { 200: stopResponseSchema, ...errors(400, ...SIGNED_IN, 404, 409) },
  },
  'POST /api/v1/chats/:chatId/messages/:messageId/fuse': {
    params: messageParams,
    response: { 200: refuseResponseSchema, ...errors(400, ...SIGNED_IN, 402, 404, 409, 429, 502, 503) },
  },
  /** Server-Sent Events: each event an `AgentStreamEvent`. */
  'GET /api/v1/chats/:chatId/messages/:messageId/stream': {
    params: messageParams,
    querystring: streamQuerySchema,
    response: { 200: agentStreamEventSchema, ...errors(400, ...SIGNED_IN, 404) },
  },
  'GET /api/v1/shared/:shareId': { params: shareParams, response: { 200: sharedChatSchema, ...errors(400, 404) } },

  // the answer engine (multipart/form-data bodies, read by the server's agent-request)
  'GET /ai/v1/models': { response: { 200: modelListSchema, ...errors() } },
  'POST /ai/v1/agent/PromptRefiner': {
    response: { 200: refineResponseSchema, ...errors(...BODY, ...SIGNED_IN, 402, 429, 502, 503) },
  },
  'POST /ai/v1/agent/GenerateAnswer': {
    response: { 200: answerResponseSchema, ...errors(...BODY, ...SIGNED_IN, 402, 404, 409, 429, 502, 503) },
  },

  // arena
  'GET /api/v1/leaderboard': { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errors(400) } },
  'POST /api/v1/arena/battles': {
    body: createBattleSchema,
    response: { 201: battleSchema, ...errors(...BODY, ...SIGNED_IN, 429, 502, 503) },
  },
  'POST /api/v1/arena/battles/:battleId/vote': {
    params: battleParams,
    body: voteSchema,
    response: { 200: voteResultSchema, ...errors(...BODY, ...SIGNED_IN, 403, 404, 409, 410, 429) },
  },
  'POST /api/v1/arena/feedback': { body: feedbackSchema, response: { 204: z.undefined(), ...errors(...BODY, ...SIGNED_IN) } },

  // developer keys (issue 25): the signed-in user's keys for the OpenAI-compatible API
  'POST /api/v1/keys': { body: orEmpty(createApiKeySchema), response: { 201: createdApiKeySchema, ...errors(...BODY, ...SIGNED_IN) } },
  'GET /api/v1/keys': { response: { 200: apiKeyListSchema, ...errors(...SIGNED_IN) } },
  'DELETE /api/v1/keys/:id': {
    params: z.object({ id: z.uuid('Key not found.') }),
    response: { 204: z.undefined(), ...errors(400, ...SIGNED_IN, 404) },
  },

  // the OpenAI-compatible API (issue 25): OpenAI's shapes, errors in OpenAI's envelope; the request is
  // read by the module itself so that a bad one is a 400 in that envelope naming the field
  'GET /v1/models': { response: { 200: z.unknown(), ...openAiErrors(401, 403, 429) } },
  'GET /v1/key': { response: { 200: z.unknown(), ...openAiErrors(401, 403, 429) } },
  'POST /v1/chat/completions': { response: { 200: z.unknown(), ...openAiErrors(400, 401, 402, 403, 404, 413, 415, 429, 503) } },

  // the mail outbox viewer (development only): an HTML page
  'GET /dev/outbox': { response: { 200: text, ...errors(404) } },
} as const;

export type RouteKey = keyof typeof ROUTES;
