import { z } from 'zod';
import type { Verdict } from '@/eval/eval-stats';
import type { ModelClient, TokenUsage } from '@/lib/llm/model-client';

/** What the judge returns for one order (structured output). */
export const judgeReplySchema = z.object({
  winner: z.enum(['1', '2', 'tie']),
  reason: z.string(),
});
export type JudgeReply = z.infer<typeof judgeReplySchema>;

export const JUDGE_SYSTEM = [
  'You are an impartial judge. You compare two answers to the same user question and decide which one',
  'serves the user better: correct, complete, clear and honest about what it does not know. Length is',
  'not a merit by itself. The order of the answers is random and says nothing about their quality.',
  'Reply with JSON: {"winner": "1" | "2" | "tie", "reason": "one or two sentences"}.',
].join(' ');

/** The judge's prompt for one order: the question and two answers labelled only by position. */
export function judgePrompt(question: string, first: string, second: string) {
  return [
    'Question:',
    question,
    '',
    '### Answer 1',
    first,
    '',
    '### Answer 2',
    second,
    '',
    'Which answer is better? Reply "tie" only when neither is better.',
  ].join('\n');
}

/** One order's judgement from the fused answer's side: winner '1'/'2' mapped through who sat where. */
const fromFusedSide = (winner: JudgeReply['winner'], fusedPosition: '1' | '2'): Verdict =>
  winner === 'tie' ? 'tie' : winner === fusedPosition ? 'win' : 'loss';

/**
 * The rule for one pair (fused answer vs one single answer): the judge sees them in both orders; the
 * pair is a win (or a loss) only when both orders prefer the fused (or the single) answer, and a tie
 * otherwise: when both say tie, when one says tie, and when the orders disagree (position bias).
 */
export function combineOrders(fusedFirst: Verdict, fusedSecond: Verdict): Verdict {
  return fusedFirst === fusedSecond ? fusedFirst : 'tie';
}

export type PairJudgement = {
  verdict: Verdict;
  /** The verdict of each order, from the fused answer's side: [fused as Answer 1, fused as Answer 2]. */
  orders: [Verdict, Verdict];
  /** The orders gave opposite winners (the judge followed the position, not the answers). */
  ordersDisagreed: boolean;
  reasons: [string, string];
  usage: TokenUsage;
};

/** Asks the judge about one pair in both orders (in parallel), blind: no model name reaches it. */
export async function judgePair({
  judge,
  question,
  fused,
  single,
  signal,
}: {
  judge: ModelClient;
  question: string;
  fused: string;
  single: string;
  signal: AbortSignal;
}): Promise<PairJudgement> {
  const ask = (first: string, second: string) =>
    judge.object({
      system: JUDGE_SYSTEM,
      prompt: judgePrompt(question, first, second),
      schema: judgeReplySchema,
      signal: AbortSignal.any([signal, AbortSignal.timeout(judge.timeoutMs)]),
    });
  const [a, b] = await Promise.all([ask(fused, single), ask(single, fused)]);
  const orders: [Verdict, Verdict] = [fromFusedSide(a.object.winner, '1'), fromFusedSide(b.object.winner, '2')];
  return {
    verdict: combineOrders(...orders),
    orders,
    ordersDisagreed: (orders[0] === 'win' && orders[1] === 'loss') || (orders[0] === 'loss' && orders[1] === 'win'),
    reasons: [a.object.reason, b.object.reason],
    usage: {
      inputTokens: a.usage.inputTokens + b.usage.inputTokens,
      outputTokens: a.usage.outputTokens + b.usage.outputTokens,
    },
  };
}
