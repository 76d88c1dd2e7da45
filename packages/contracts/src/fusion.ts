import { z } from 'zod';

/**
 * Transparent fusion (issue 15). Before the aggregator writes the Sangam answer, a judge step produces
 * this analysis with structured output; the answer is written from the question, the answers and it.
 * Models are named by their answer ids (`ModelAnswer.answerId`: the model id, or `id#k` for its k-th
 * sample), so a chip can open exactly the answer behind a point.
 */
export const FUSION_LIMITS = { points: 12, textMaxChars: 600, sides: 4 } as const;

const pointText = z.string().min(1).max(FUSION_LIMITS.textMaxChars);
const answerIds = z.array(z.string().max(140)).max(16);

/** A point several models made (consensus), or one model only (unique). */
export const fusionPointSchema = z.object({ text: pointText, models: answerIds });
export type FusionPoint = z.infer<typeof fusionPointSchema>;

/** One subject on which the models disagree, each side with the models that hold it. */
export const fusionContradictionSchema = z.object({
  topic: pointText,
  sides: z
    .array(z.object({ claim: pointText, models: answerIds }))
    .min(2)
    .max(FUSION_LIMITS.sides),
});
export type FusionContradiction = z.infer<typeof fusionContradictionSchema>;

/** What the judge model is asked to return (the structured-output schema). */
export const fusionJudgeSchema = z.object({
  consensus: z.array(fusionPointSchema).max(FUSION_LIMITS.points),
  contradictions: z.array(fusionContradictionSchema).max(FUSION_LIMITS.points),
  unique: z.array(fusionPointSchema).max(FUSION_LIMITS.points),
  openQuestions: z.array(pointText).max(FUSION_LIMITS.points),
});
export type FusionJudgement = z.infer<typeof fusionJudgeSchema>;

/**
 * The analysis as stored with the answer and shown in "How the models agreed": the judgement with
 * unknown model ids removed, the answers that took part, and an agreement indicator computed by the
 * server (not by the model): consensus points / (consensus + contradictions), 0..1, null when no point.
 */
export const fusionAnalysisSchema = fusionJudgeSchema.extend({
  /** The answers the fusion read (answer ids); later answers are not in it. */
  fusedAnswers: z.array(z.string()),
  agreement: z.number().min(0).max(1).nullable(),
  /** The model that wrote the analysis. */
  judge: z.object({ modelId: z.string(), name: z.string() }),
});
export type FusionAnalysis = z.infer<typeof fusionAnalysisSchema>;

/** Tokens and cost of one model call of an answer (a proposer, a sample, the judge or the aggregator). */
export const callCostSchema = z.object({
  answerId: z.string(),
  modelId: z.string(),
  name: z.string(),
  role: z.enum(['proposer', 'judge', 'aggregator']),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  /** Rupees at the configured prices; null when the model has no price in the models file. */
  costInr: z.number().min(0).nullable(),
});
export type CallCost = z.infer<typeof callCostSchema>;

/** The cost of one stored answer: every call and the totals ("₹0.42 · 3,120 tokens"). */
export const answerCostSchema = z.object({
  calls: z.array(callCostSchema),
  tokens: z.number().int().min(0),
  /** Sum of the priced calls; null when no call had a price. */
  costInr: z.number().min(0).nullable(),
});
export type AnswerCost = z.infer<typeof answerCostSchema>;

/** GET /api/v1/me/estimate?mode=&chars=&chatId= : what sending would use, before sending. */
export const estimateQuerySchema = z.object({
  mode: z.enum(['sangam', 'universe']).default('sangam'),
  chars: z.coerce.number().int().min(0).max(1_000_000).default(0),
  chatId: z.string().max(128).optional(),
});
export const estimateResponseSchema = z.object({
  /** Proposer calls (samples counted) that would answer. */
  models: z.number().int().min(0),
  tokens: z.number().int().min(0),
  costInr: z.number().min(0).nullable(),
  /** Tokens left in this month's allowance. */
  remaining: z.number().int(),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** POST /api/v1/chats/:chatId/messages/:messageId/fuse : fuse again with every finished answer (late ones included). */
export const refuseResponseSchema = z.object({ messageId: z.string(), status: z.literal('fused') });

/** GET /api/v1/me/usage: this month's tokens (and rupees, issue 15) against the plan's allowance. */
export const myUsageSchema = z.object({
  plan: z.object({ id: z.string(), name: z.string() }),
  used: z.number().int().min(0),
  allowance: z.number().int().min(0),
  /** The first day of next month (UTC), YYYY-MM-DD. */
  resetDate: z.string(),
  /** YYYY-MM. */
  month: z.string(),
  requests: z.number().int().min(0),
  /** Rupees of this month's answers in the user's chats at the configured prices; null when none was priced. */
  costInr: z.number().min(0).nullable(),
});
export type MyUsage = z.infer<typeof myUsageSchema>;

/** Share of the allowance used past which the chat header warns. */
export const USAGE_WARNING_SHARE = 0.8;

/** Indian rupee display: "₹0.42" (two decimals under ₹100, else whole rupees with Indian grouping). */
export function formatInr(value: number): string {
  if (value > 0 && value < 0.01) return '<₹0.01';
  const opts = value < 100 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 };
  return `₹${value.toLocaleString('en-IN', opts)}`;
}
