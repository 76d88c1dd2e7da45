import { z } from 'zod';
import { hasNoNul, NO_NUL_MESSAGE, TIMESTAMP_MAX_MS } from './text';

/**
 * Sangam as a model (issue 25): the OpenAI Chat Completions shape under /v1, with one extension
 * object `sangam`, and the developer keys that call it.
 */
export const SANGAM_MODELS = ['sangam/fusion', 'sangam/self-moa', 'sangam/universe'] as const;
export type SangamModelId = (typeof SANGAM_MODELS)[number];

export const OPENAI_LIMITS = {
  /** A panel of more models than this is refused (400). */
  panelMax: 8,
  messagesMax: 200,
  messageMaxChars: 100_000,
  /** Samples of the best model in `sangam/self-moa`. */
  selfMoaSamples: 3,
  keysPerUser: 25,
  keyNameMaxChars: 60,
  rpmMax: 10_000,
  budgetMaxInr: 10_000_000,
} as const;

/**
 * Standard fields Sangam does not serve: a request carrying any of them is a 400 naming the field
 * (never silently ignored).
 */
export const UNSUPPORTED_FIELDS = [
  'tools',
  'tool_choice',
  'functions',
  'function_call',
  'parallel_tool_calls',
  'logprobs',
  'top_logprobs',
  'audio',
  'modalities',
  'prediction',
  'response_format',
  'logit_bias',
  'web_search_options',
] as const;

const text = z.string().max(OPENAI_LIMITS.messageMaxChars).refine(hasNoNul, NO_NUL_MESSAGE);
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.union([z.string(), z.object({ url: z.string(), detail: z.string().optional() })]),
});
const textPart = z.object({ type: z.literal('text'), text });
const content = z.union([text, z.array(z.union([textPart, imagePart])).max(20)]);

export const openAiMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: z.union([text, z.array(textPart).max(20)]), name: z.string().optional() }),
  z.object({ role: z.literal('user'), content, name: z.string().optional() }),
  z.object({ role: z.literal('assistant'), content: z.union([text, z.array(textPart).max(20)]).nullable(), name: z.string().optional() }),
]);
export type OpenAiChatMessage = z.infer<typeof openAiMessageSchema>;

const modelId = z.string().min(1).max(140);

/** The `sangam` extension: who answers and what comes back (passed by SDKs as extra body). */
export const sangamExtensionSchema = z.strictObject({
  panel: z.array(modelId).min(1).max(OPENAI_LIMITS.panelMax, `A panel has at most ${OPENAI_LIMITS.panelMax} models.`).optional(),
  judge: modelId.optional(),
  aggregator: modelId.optional(),
  /** How long after the first answer fusion waits at most. */
  deadline_ms: z.number().int().min(0).max(300_000).optional(),
  include: z
    .array(z.enum(['analysis']))
    .max(4)
    .optional(),
});
export type SangamExtension = z.infer<typeof sangamExtensionSchema>;

export const chatCompletionRequestSchema = z.object({
  model: modelId,
  messages: z.array(openAiMessageSchema).min(1).max(OPENAI_LIMITS.messagesMax),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
  n: z.number().int().min(1).max(OPENAI_LIMITS.panelMax).nullish(),
  user: z.string().max(256).optional(),
  seed: z.number().int().nullish(),
  presence_penalty: z.number().nullish(),
  frequency_penalty: z.number().nullish(),
  sangam: sangamExtensionSchema.optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** One call's place in the `sangam` metadata of a response. */
export const panelEntrySchema = z.object({
  model: z.string(),
  answer_id: z.string(),
  status: z.enum(['ok', 'failed', 'timeout', 'late']),
  latency_ms: z.number().nullable(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullable(),
  reason: z.string().optional(),
});
export type PanelEntry = z.infer<typeof panelEntrySchema>;

/** `usage.cost_details.per_call`: every call charged, with its rupees (null: the model has no price). */
export const perCallCostSchema = z.object({
  model: z.string(),
  role: z.enum(['proposer', 'judge', 'aggregator', 'model']),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  cost: z.number().nullable(),
});
export type PerCallCost = z.infer<typeof perCallCostSchema>;

export const completionUsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  /** Rupees of every call summed. */
  cost: z.number(),
  cost_details: z.object({ currency: z.literal('INR'), per_call: z.array(perCallCostSchema) }),
});
export type CompletionUsage = z.infer<typeof completionUsageSchema>;

/** OpenAI's error envelope, for every failure under /v1. */
export const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string().nullable(), param: z.string().nullable() }),
});
export type OpenAiError = z.infer<typeof openAiErrorSchema>;

/** POST /api/v1/keys: a new developer key. */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(OPENAI_LIMITS.keyNameMaxChars).refine(hasNoNul, NO_NUL_MESSAGE),
  /** Rupees a calendar month (UTC) this key may spend; none: only the plan's allowance limits it. */
  monthlyBudgetInr: z.number().min(0).max(OPENAI_LIMITS.budgetMaxInr).nullish(),
  requestsPerMinute: z.number().int().min(1).max(OPENAI_LIMITS.rpmMax).default(60),
  /** Model ids (sangam/... or a configured id) this key may call; none: every model. */
  allowedModels: z.array(modelId).max(50).nullish(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) <= TIMESTAMP_MAX_MS, 'Expiry is too far ahead')
    .nullish(),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** A key as listed: never the secret, only its display prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  monthlyBudgetInr: z.number().nullable(),
  requestsPerMinute: z.number(),
  allowedModels: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Rupees spent this calendar month (UTC). */
  spentThisMonthInr: z.number(),
  requestsThisMonth: z.number(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
/** The create response: the only time the whole key is sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/**
 * The error codes of /v1, each with its HTTP status and OpenAI error `type` (the /developers page
 * lists them). Every error body is `{ error: { message, type, code, param } }`.
 */
export const OPENAI_ERRORS = {
  invalid_api_key: { status: 401, type: 'authentication_error', message: 'The API key is missing, revoked, expired or not recognised.' },
  insufficient_quota: {
    status: 402,
    type: 'insufficient_quota',
    message: 'This key’s monthly rupee budget or the plan’s allowance is used up.',
  },
  model_not_allowed: { status: 403, type: 'permission_error', message: 'This key may not call that model.' },
  model_not_found: { status: 404, type: 'invalid_request_error', message: 'No such model. GET /v1/models lists them.' },
  invalid_request: { status: 400, type: 'invalid_request_error', message: 'The request is not valid.' },
  unsupported_parameter: { status: 400, type: 'invalid_request_error', message: 'This parameter is not supported.' },
  loop_detected: { status: 400, type: 'invalid_request_error', message: 'The request came back through Sangam itself.' },
  rate_limit_exceeded: {
    status: 429,
    type: 'rate_limit_error',
    message: 'Too many requests for this key. Retry after the time in Retry-After.',
  },
  concurrency_limit_exceeded: { status: 429, type: 'rate_limit_error', message: 'Too many requests of this key are in progress.' },
  upstream_error: { status: 502, type: 'api_error', message: 'Every model failed to answer. Please try again.' },
  model_unavailable: { status: 503, type: 'api_error', message: 'No AI model is available right now.' },
  server_error: { status: 500, type: 'api_error', message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; type: string; message: string }>;
export type OpenAiErrorCode = keyof typeof OPENAI_ERRORS;
