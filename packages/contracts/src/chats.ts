import { z } from 'zod';
import { CHAT_MODES } from './brand';
import { answerCostSchema, fusionAnalysisSchema } from './fusion';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/**
 * The conversation API (issue 13): the server owns every chat. Shapes of /work/wt/conv-api.md.
 * Every string is bounded before any pattern check, and NUL characters are refused (400).
 */
export const CHAT_LIMITS = {
  titleMaxChars: 200,
  queryMaxChars: 200,
  idMaxChars: 128,
  pageMax: 100,
  pageDefault: 30,
} as const;

const noNul = hasNoNul;
const NUL_MESSAGE = NO_NUL_MESSAGE;

/** A bounded text field without NUL characters. */
export const safeText = (max: number, what = 'Text') =>
  z
    .string()
    .max(max, { message: `${what} is too long`, abort: true })
    .refine(noNul, NUL_MESSAGE);

export const chatModeSchema = z.enum(CHAT_MODES);

export const MODEL_ANSWER_STATUSES = ['streaming', 'done', 'failed', 'timeout', 'stopped'] as const;
export const modelAnswerStatusSchema = z.enum(MODEL_ANSWER_STATUSES);
export type ModelAnswerStatus = z.infer<typeof modelAnswerStatusSchema>;

export const modelAnswerSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  status: modelAnswerStatusSchema,
  text: z.string(),
  tokens: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.object({ code: z.string(), detail: z.string() }).nullable(),
  isInFusion: z.boolean(),
  /** Issue 15: this answer's id in the analysis and the chips: the model id, or `id#k` for its k-th sample. */
  answerId: z.string().optional(),
  /** Issue 15: k of a `samples: k` model (1-based); absent for a single call. */
  sample: z.number().int().min(1).optional(),
  /** Issue 15: finished after the fusion started (quorum or deadline): shown, not part of the fused answer. */
  late: z.boolean().optional(),
  /** Issue 15: rupees of this call at the configured price; null without a price. */
  costInr: z.number().nullable().optional(),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/** The months of a new chat's default title, "Sangam Chat - 22 Nov 2026" (DECISIONS), written by the server and read by the web. */
export const CHAT_TITLE_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Issue 16: Sangam mode's panel chosen from a category's ranking ("top 3 for Coding this week").
 * `reason` is that sentence in English (API clients, and answers stored before the other fields); the
 * screens write it in the reader's language from `category` and `asOf` (null: a vote this week; else
 * the day of the category's last vote, YYYY-MM-DD).
 */
export const panelChoiceSchema = z.object({
  reason: z.string(),
  models: z.array(z.string()),
  category: z.string().optional(),
  asOf: z.string().nullable().optional(),
});
export type PanelChoice = z.infer<typeof panelChoiceSchema>;

export const MESSAGE_STATUSES = ['streaming', 'done', 'failed', 'stopped'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  parentId: z.string().nullable(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  mode: chatModeSchema,
  status: messageStatusSchema,
  refinedPrompt: z.string().nullable(),
  facts: z.unknown().nullable(),
  /** Assistant only; [] for a user message. */
  answers: z.array(modelAnswerSchema),
  /** Issue 15: "How the models agreed" (assistant, sangam fusion of two or more answers); null otherwise. */
  analysis: fusionAnalysisSchema.nullable().optional(),
  /** Issue 15: tokens and rupees of every call of this answer (assistant); null otherwise. */
  cost: answerCostSchema.nullable().optional(),
  /** Issue 13: the question came with an image (GET /chats/:chatId/messages/:messageId/image, owner only). */
  hasImage: z.boolean().optional(),
  /** Issue 16: why Sangam mode asked these proposers when the panel followed the leaderboard. */
  panel: panelChoiceSchema.nullable().optional(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  mode: chatModeSchema,
  continueWith: z.string().nullable(),
  shareId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A search hit's excerpt (only with `q`). */
  snippet: z.string().optional(),
  /** The chat's first question, cut to 120 characters (in the list, the detail and the PATCH answer). */
  preview: z.string().optional(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatDetailSchema = z.object({
  chat: chatSummarySchema,
  /** All branches; the client picks the path from activeLeafId up the parentId links. */
  messages: z.array(chatMessageSchema),
  activeLeafId: z.string().nullable(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

/** GET /api/v1/chats?q=&cursor=&limit= */
export const chatListQuerySchema = z.object({
  q: safeText(CHAT_LIMITS.queryMaxChars, 'Search').optional(),
  cursor: safeText(512, 'Cursor').optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).optional(),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

export const chatListResponseSchema = z.object({
  chats: z.array(chatSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** PATCH /api/v1/chats/:chatId */
export const chatPatchSchema = z
  .object({
    title: safeText(CHAT_LIMITS.titleMaxChars, 'Title')
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Title is required'))
      .optional(),
    continueWith: safeText(CHAT_LIMITS.idMaxChars, 'Model id').nullable().optional(),
    activeLeafId: safeText(CHAT_LIMITS.idMaxChars, 'Message id').optional(),
  })
  .strict();
export type ChatPatch = z.infer<typeof chatPatchSchema>;

export const chatIdResponseSchema = z.object({ chatId: z.string() });
export type ChatIdResponse = z.infer<typeof chatIdResponseSchema>;

/** GET /api/v1/chats/:chatId/export?format=md|json */
export const EXPORT_FORMATS = ['md', 'json'] as const;
export const chatExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('md') });
export type ChatExportFormat = (typeof EXPORT_FORMATS)[number];

/** POST /api/v1/chats/:chatId/share */
export const shareResponseSchema = z.object({ shareId: z.string(), url: z.string() });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** GET /api/v1/shared/:shareId (public; no account data). */
export const sharedChatSchema = z.object({
  title: z.string(),
  mode: chatModeSchema,
  messages: z.array(chatMessageSchema),
  sharedAt: z.string(),
});
export type SharedChat = z.infer<typeof sharedChatSchema>;

/** POST /api/v1/chats/:chatId/messages/:messageId/stop */
export const stopResponseSchema = z.object({ messageId: z.string(), status: z.literal('stopped') });
export type StopResponse = z.infer<typeof stopResponseSchema>;

/** GET /api/v1/chats/:chatId/messages/:messageId/stream?after=N */
export const streamQuerySchema = z.object({ after: z.coerce.number().int().min(0).max(1_000_000).optional() });

/** The first SSE event of an answer in a chat: the ids the server gave the two messages. */
export const messageIdsEventSchema = z.object({
  chatId: z.string(),
  userMessageId: z.string(),
  assistantMessageId: z.string(),
});
export type MessageIdsEvent = z.infer<typeof messageIdsEventSchema>;
