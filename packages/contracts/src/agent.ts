import { z } from 'zod';
import { CHAT_MODES } from './brand';
import { messageIdsEventSchema, panelChoiceSchema } from './chats';
import { answerCostSchema, fusionAnalysisSchema } from './fusion';
import { answerLanguageSchema } from './languages';
import { publicModelSchema } from './models';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/** Limits of the prompt and answer service. */
export const AGENT_LIMITS = { promptMaxChars: 20_000, imageMaxBytes: 5 * 1024 * 1024, idMaxChars: 128 } as const;

/** The multipart text fields of PromptRefiner and GenerateAnswer (docs/spec-rules.md §7). */
export const agentRequestSchema = z.object({
  Prompt: z
    .string({ error: 'Prompt is required' })
    .trim()
    .min(1, 'Prompt is required')
    .max(AGENT_LIMITS.promptMaxChars, { message: 'Prompt is too long', abort: true })
    .refine(hasNoNul, NO_NUL_MESSAGE),
  Chat_Id: z
    .string({ error: 'Chat_Id is required' })
    .trim()
    .min(1, 'Chat_Id is required')
    .max(AGENT_LIMITS.idMaxChars, { abort: true })
    .refine(hasNoNul, NO_NUL_MESSAGE),
  Request_Id: z
    .string({ error: 'Request_Id is required' })
    .trim()
    .min(1, 'Request_Id is required')
    .max(AGENT_LIMITS.idMaxChars, { abort: true })
    .refine(hasNoNul, NO_NUL_MESSAGE),
  Mode: z.enum(CHAT_MODES).optional(),
  /** Issue 13: the message the new question follows (default: the chat's active leaf); 'root': a new first question. */
  Parent_Id: z.union([z.uuid('Parent_Id is a message id'), z.literal('root')]).optional(),
  /** Issue 13: an assistant message whose question is answered again, as a sibling. */
  Regenerate_Id: z.uuid('Regenerate_Id is a message id').optional(),
  /** Issue 13: what the user typed when `Prompt` is the refined prompt they chose (stored as the question). */
  Original_Prompt: z
    .string()
    .max(AGENT_LIMITS.promptMaxChars, { message: 'Original_Prompt is too long', abort: true })
    .refine(hasNoNul, NO_NUL_MESSAGE)
    .optional(),
  /** Issue 24: "Answer in" for this request (default: the user's setting): `same` or a locale. */
  Answer_Language: answerLanguageSchema.optional(),
});
export type AgentRequest = z.infer<typeof agentRequestSchema>;

/** The refiner's answer: three refined prompts and their ranking (1 is best). */
export const refineResponseSchema = z.object({
  data: z.object({ refined: z.array(z.string()), ranking: z.array(z.number()) }),
  message: z.string(),
});
export type RefineResponse = z.infer<typeof refineResponseSchema>;

/** A model's answer in supporting_output: its text, or why it failed. */
export const supportingAnswerSchema = z.union([
  z.string(),
  z.object({
    text: z.string().optional(),
    content: z.string().optional(),
    image: z.string().optional(),
    error: z.string().optional(),
    status: z.enum(['ok', 'failed', 'timeout']).optional(),
  }),
]);
export type SupportingAnswer = z.infer<typeof supportingAnswerSchema>;

export const answerResponseSchema = z.object({
  data: z.object({
    best_output: z.string(),
    supporting_output: z.record(z.string(), supportingAnswerSchema),
    /** Grounded facts computed by a tool (chart, nutrition table, checked citations), when any. */
    facts: z.unknown().optional(),
    /** Issue 15: the fusion's analysis ("How the models agreed"), when two or more answers were fused. */
    analysis: fusionAnalysisSchema.optional(),
    /** Issue 15: tokens and rupees per call and in total. */
    cost: answerCostSchema.optional(),
    /** Issue 16: why these proposers answered, when the panel followed the leaderboard. */
    panel: panelChoiceSchema.optional(),
  }),
  message: z.string(),
  /** Issue 13: the stored messages, for an answer in a chat of the user. */
  ids: messageIdsEventSchema.optional(),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

/**
 * Which answer an event is about: `model` is the model id; `answerId` (issue 15) tells the samples of
 * one model apart (`id#k`; equal to `model` for a single call, and absent from older stored answers).
 */
export const modelRefSchema = z.object({
  model: z.string(),
  name: z.string(),
  answerId: z.string().optional(),
  sample: z.number().optional(),
});
export type ModelRef = z.infer<typeof modelRefSchema>;

/** The codes of one model's failure (in the error registry). */
export const MODEL_ERROR_CODES = ['MODEL_FAILED', 'MODEL_TIMEOUT', 'MODEL_CIRCUIT_OPEN', 'MODEL_STOPPED'] as const;
export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];

/** The body of every error: a registered code and the message a user sees. */
const streamErrorSchema = z.object({ code: z.string(), detail: z.string() });

/**
 * Server-Sent Events of the streaming form (`Accept: text/event-stream`). Each event's `data` is JSON.
 * - `message-ids` { chatId, userMessageId, assistantMessageId }  first, for an answer in a chat (issue 13)
 * - `panel`       { reason, models }         Sangam mode's proposers follow the leaderboard (issue 16)
 * - `model-start` { model, name }           a proposer began
 * - `model-delta` { model, name, delta }     text from one proposer
 * - `model-end`   { model, name, text }      that proposer finished
 * - `model-error` { model, name, code, detail } that proposer failed or timed out
 * - `model-end` carries `late: true` for an answer that finished after the fusion started (issue 15)
 * - `fusion-analysis` FusionAnalysis         the judge's analysis, before the fused text (issue 15)
 * - `fusion-start` { model, name, answers }  the aggregator began writing best_output from `answers` (answer ids)
 * - `fusion-delta` { delta }                 text of best_output
 * - `refined`     RefineResponse['data']     (PromptRefiner only)
 * - `final`       AnswerResponse | RefineResponse  the same JSON as the non-streaming answer
 * - `error`       { code, detail }           the request failed as a whole
 */
export const agentStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message-ids'), data: messageIdsEventSchema }),
  z.object({ event: z.literal('model-start'), data: modelRefSchema }),
  z.object({ event: z.literal('model-delta'), data: modelRefSchema.extend({ delta: z.string() }) }),
  z.object({
    event: z.literal('model-end'),
    data: modelRefSchema.extend({
      text: z.string(),
      tokens: z.number().optional(),
      durationMs: z.number().optional(),
      late: z.boolean().optional(),
      costInr: z.number().nullable().optional(),
    }),
  }),
  z.object({
    event: z.literal('model-error'),
    data: modelRefSchema.extend({ code: z.enum(MODEL_ERROR_CODES), detail: z.string(), text: z.string().optional() }),
  }),
  z.object({ event: z.literal('fusion-analysis'), data: fusionAnalysisSchema }),
  z.object({ event: z.literal('panel'), data: panelChoiceSchema }),
  z.object({
    event: z.literal('fusion-start'),
    data: z.object({ model: z.string(), name: z.string(), answers: z.array(z.string()).optional() }),
  }),
  z.object({ event: z.literal('fusion-delta'), data: z.object({ delta: z.string() }) }),
  z.object({ event: z.literal('refined'), data: refineResponseSchema.shape.data }),
  z.object({ event: z.literal('final'), data: z.union([answerResponseSchema, refineResponseSchema]) }),
  z.object({ event: z.literal('error'), data: streamErrorSchema }),
]);
export type AgentStreamEvent = z.infer<typeof agentStreamEventSchema>;

/** GET /ai/v1/models */
export const modelListSchema = z.object({ models: z.array(publicModelSchema) });

/** Tool prompt prefixes of docs/spec-rules.md §7. */
export const TOOL_PREFIXES = { scripture: 'BOOK_ID:', astrology: 'ASTR:', recipe: 'REP:', calorie: 'CAL:,', chanakya: 'CHA:,' } as const;
export type ToolId = keyof typeof TOOL_PREFIXES;
