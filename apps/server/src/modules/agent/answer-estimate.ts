import type { ModelClient } from '@/lib/llm/model-client';
import { callCostInr } from '@/modules/agent/fusion/costs';

/**
 * What an answer, a refusion or a refiner call is expected to use, before it runs: the tokens
 * reserved for it (generous, so that real usage stays under them) and, for an answer, its rupees.
 */

/** Reserved per model call for the system prompt (a tool's instructions included). */
const SYSTEM_TOKENS = 1_000;
/** Reserved per model call for its answer. */
const ANSWER_TOKENS = 1_000;
/** Reserved per model call that reads the image. */
const IMAGE_TOKENS = 1_500;

/**
 * Tokens reserved for an answer before it runs: each proposer's input (the question and history at
 * 4 characters a token, a system prompt, the image) and answer, and the fusion, which reads every
 * answer. Generous, so that real usage stays under it.
 */
export function estimateAnswerTokens({ chars, proposers, hasImage }: { chars: number; proposers: number; hasImage: boolean }) {
  const input = Math.ceil(chars / 4) + SYSTEM_TOKENS + (hasImage ? IMAGE_TOKENS : 0);
  const fusion = proposers > 1 ? input + (proposers + 1) * ANSWER_TOKENS : 0;
  return proposers * (input + ANSWER_TOKENS) + fusion;
}

/** Tokens reserved to fuse stored answers again: the judge and the aggregator each read them all. */
export const estimateRefuseTokens = ({ chars }: { chars: number }) => 2 * (Math.ceil(chars / 4) + SYSTEM_TOKENS + 2 * ANSWER_TOKENS);

/**
 * Rupees an answer would cost before sending, at the models' prices with the same token estimates
 * as the reservation: each proposer call, then (two or more calls) the judge and the aggregator,
 * which read every answer. Null when none of those models has a price.
 */
export function estimateAnswerCostInr({
  chars,
  proposals,
  judge,
  aggregator,
  usdInrRate,
}: {
  chars: number;
  proposals: Pick<ModelClient, 'price'>[];
  judge?: Pick<ModelClient, 'price'>;
  aggregator?: Pick<ModelClient, 'price'>;
  usdInrRate: number;
}): number | null {
  const input = Math.ceil(chars / 4) + SYSTEM_TOKENS;
  const costs = proposals.map((m) => callCostInr(m, { inputTokens: input, outputTokens: ANSWER_TOKENS }, usdInrRate));
  if (proposals.length > 1) {
    const read = { inputTokens: input + proposals.length * ANSWER_TOKENS, outputTokens: ANSWER_TOKENS };
    if (judge) costs.push(callCostInr(judge, read, usdInrRate));
    if (aggregator) costs.push(callCostInr(aggregator, { ...read, inputTokens: read.inputTokens + ANSWER_TOKENS }, usdInrRate));
  }
  const priced = costs.filter((c): c is number => c !== null);
  return priced.length ? Math.round(priced.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null;
}

/** Tokens reserved for one refiner call. */
export const estimateRefineTokens = ({ chars }: { chars: number }) => Math.ceil(chars / 4) + SYSTEM_TOKENS + ANSWER_TOKENS;
