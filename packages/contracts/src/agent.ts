import { z } from 'zod';
import { CHAT_MODES } from './brand';
import type { MessageIdsEvent, PanelChoice } from './chats';
import type { AnswerCost, FusionAnalysis } from './fusion';
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
});
export type AgentRequest = z.infer<typeof agentRequestSchema>;

export type RefineResponse = { data: { refined: string[]; ranking: number[] }; message: string };

/** A model's answer in supporting_output: its text, or why it failed. */
export type SupportingAnswer =
  | string
  | { text?: string; content?: string; image?: string; error?: string; status?: 'ok' | 'failed' | 'timeout' };
export type AnswerResponse = {
  data: {
    best_output: string;
    supporting_output: Record<string, SupportingAnswer>;
    /** Grounded facts computed by a tool (chart, nutrition table, checked citations), when any. */
    facts?: unknown;
    /** Issue 15: the fusion's analysis ("How the models agreed"), when two or more answers were fused. */
    analysis?: FusionAnalysis;
    /** Issue 15: tokens and rupees per call and in total. */
    cost?: AnswerCost;
    /** Issue 16: why these proposers answered, when the panel followed the leaderboard. */
    panel?: PanelChoice;
  };
  message: string;
  /** Issue 13: the stored messages, for an answer in a chat of the user. */
  ids?: MessageIdsEvent;
};

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
export type AgentStreamEvent =
  | { event: 'message-ids'; data: MessageIdsEvent }
  | { event: 'model-start'; data: ModelRef }
  | { event: 'model-delta'; data: ModelRef & { delta: string } }
  | {
      event: 'model-end';
      data: ModelRef & { text: string; tokens?: number; durationMs?: number; late?: boolean; costInr?: number | null };
    }
  | { event: 'model-error'; data: ModelRef & { code: ModelErrorCode; detail: string; text?: string } }
  | { event: 'fusion-analysis'; data: FusionAnalysis }
  | { event: 'panel'; data: PanelChoice }
  | { event: 'fusion-start'; data: { model: string; name: string; answers?: string[] } }
  | { event: 'fusion-delta'; data: { delta: string } }
  | { event: 'refined'; data: RefineResponse['data'] }
  | { event: 'final'; data: AnswerResponse | RefineResponse }
  | { event: 'error'; data: { code: string; detail: string } };

/**
 * Which answer an event is about: `model` is the model id; `answerId` (issue 15) tells the samples of
 * one model apart (`id#k`; equal to `model` for a single call, and absent from older stored answers).
 */
export type ModelRef = { model: string; name: string; answerId?: string; sample?: number };

/** The codes of one model's failure (in the error registry). */
export type ModelErrorCode = 'MODEL_FAILED' | 'MODEL_TIMEOUT' | 'MODEL_CIRCUIT_OPEN' | 'MODEL_STOPPED';

/** Tool prompt prefixes of docs/spec-rules.md §7. */
export const TOOL_PREFIXES = { scripture: 'BOOK_ID:', astrology: 'ASTR:', recipe: 'REP:', calorie: 'CAL:,', chanakya: 'CHA:,' } as const;
export type ToolId = keyof typeof TOOL_PREFIXES;
