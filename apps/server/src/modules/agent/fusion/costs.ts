import type { AnswerCost, CallCost } from '@sangam/contracts';
import type { ModelClient, TokenUsage } from '@/lib/llm/model-client';

/** Rupees, kept to a millionth of a rupee (no float noise in stored sums). */
const rupees = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The rupees of one call at the model's price per million tokens (USD converted at `usdInrRate`, a
 * configured rate, not a live one); null when the models file gives the model no price.
 */
export function callCostInr(model: Pick<ModelClient, 'price'>, usage: TokenUsage, usdInrRate: number): number | null {
  const price = model.price;
  if (!price) return null;
  const perMillion = usage.inputTokens * price.input + usage.outputTokens * price.output;
  return rupees((perMillion / 1_000_000) * (price.currency === 'USD' ? usdInrRate : 1));
}

/** One call's tokens and cost, as stored with the answer. */
export function callCost(
  model: ModelClient,
  { answerId, role, usage, usdInrRate }: { answerId: string; role: CallCost['role']; usage: TokenUsage; usdInrRate: number },
): CallCost {
  return {
    answerId,
    modelId: model.id,
    name: model.name,
    role,
    inputTokens: Math.max(0, Math.round(usage.inputTokens)),
    outputTokens: Math.max(0, Math.round(usage.outputTokens)),
    costInr: callCostInr(model, usage, usdInrRate),
  };
}

/** Every call of an answer and its totals; the rupees are the sum of the priced calls (null when none was). */
export function answerCost(calls: CallCost[]): AnswerCost {
  const priced = calls.filter((c) => c.costInr !== null);
  return {
    calls,
    tokens: calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0),
    costInr: priced.length ? rupees(priced.reduce((n, c) => n + (c.costInr ?? 0), 0)) : null,
  };
}
