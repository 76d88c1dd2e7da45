import type { AgentStreamEvent, CallCost, FusionAnalysis, QuestionLanguage } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { estimateTokens, type TokenUsage } from '@/lib/llm/model-client';
import { AGGREGATOR_SYSTEM, AGGREGATOR_WITH_ANALYSIS, fusionPrompt } from '@/modules/agent/agent-prompts';
import { callModel } from '@/modules/agent/call-model';
import {
  analysisForAggregator,
  type FusedAnswer,
  JUDGE_SYSTEM,
  judgeCallSchema,
  judgePrompt,
  toAnalysis,
} from '@/modules/agent/fusion/analysis';
import { callCost } from '@/modules/agent/fusion/costs';
import type { ModelRegistry } from '@/modules/models/model-registry';
import type { ModelTokens } from '@/modules/usage/usage.service';

type Emit = (e: AgentStreamEvent) => void;

export type FuseResult = {
  /** fused: `text` is the fused answer; stopped: `text` is what was written; failed: no fused text. */
  status: 'fused' | 'stopped' | 'failed';
  text: string;
  analysis?: FusionAnalysis;
  calls: CallCost[];
  byModel: ModelTokens[];
};

const tokensOf = (u: TokenUsage, text: string) => u.inputTokens + u.outputTokens || estimateTokens(text);

/**
 * The judge step: the structured analysis of the answers ("How the models agreed"), or undefined
 * when the call fails or times out (the answer is then fused without it; the failure is logged
 * without any prompt text).
 */
export async function judgeAnswers({
  registry,
  question,
  answers,
  signal,
  log,
  usdInrRate: rate,
  language,
}: {
  registry: ModelRegistry;
  question: string;
  answers: FusedAnswer[];
  signal: AbortSignal;
  log: FastifyBaseLogger;
  usdInrRate: number;
  /** The answer's language: the analysis's prose is written in it. */
  language?: QuestionLanguage;
}): Promise<{ analysis?: FusionAnalysis; call?: CallCost; tokens?: ModelTokens }> {
  const judge = registry.judge();
  if (!judge) return {};
  // A failure or time-out is logged by callModel, without any prompt text.
  const outcome = await callModel(
    judge,
    { system: JUDGE_SYSTEM, prompt: judgePrompt(question, answers), schema: judgeCallSchema },
    { signal, role: 'judge', log, language },
  );
  if (outcome.kind !== 'done') return {};
  const analysis = toAnalysis(
    outcome.value,
    answers.map((a) => a.answerId),
    judge,
  );
  const counted = outcome.tokens ? outcome.usage : { inputTokens: 0, outputTokens: estimateTokens(JSON.stringify(outcome.value)) };
  return {
    analysis,
    call: callCost(judge, { answerId: judge.id, role: 'judge', usage: counted, usdInrRate: rate }),
    tokens: { modelId: judge.id, tokens: counted.inputTokens + counted.outputTokens },
  };
}

/**
 * Fusion of two or more answers: the judge's analysis (emitted as `fusion-analysis`), then the
 * aggregator writes the answer from the question, the answers and that analysis (`fusion-start`,
 * `fusion-delta`). The analysis is optional: without it the answer is fused as before.
 */
export async function fuseAnswers({
  registry,
  question,
  answers,
  signal,
  emit,
  log,
  stoppedOnPurpose,
  usdInrRate: rate,
  maxOutputTokens,
  language,
}: {
  registry: ModelRegistry;
  question: string;
  answers: FusedAnswer[];
  signal: AbortSignal;
  emit?: Emit;
  log: FastifyBaseLogger;
  stoppedOnPurpose: () => boolean;
  usdInrRate: number;
  /** The most tokens the fused answer may have. */
  maxOutputTokens?: number;
  /** The answer's language: the judge and the aggregator write in it. */
  language?: QuestionLanguage;
}): Promise<FuseResult> {
  const calls: CallCost[] = [];
  const byModel: ModelTokens[] = [];
  const judged = await judgeAnswers({ registry, question, answers, signal, log, usdInrRate: rate, language });
  if (judged.call) calls.push(judged.call);
  if (judged.tokens) byModel.push(judged.tokens);
  if (stoppedOnPurpose()) return { status: 'stopped', text: '', analysis: judged.analysis, calls, byModel };
  if (signal.aborted) return { status: 'failed', text: '', calls, byModel };
  const analysis = judged.analysis;
  if (analysis) emit?.({ event: 'fusion-analysis', data: analysis });

  const aggregator = registry.aggregator();
  if (!aggregator) return { status: 'failed', text: '', analysis, calls, byModel };
  emit?.({ event: 'fusion-start', data: { model: aggregator.id, name: aggregator.name, answers: answers.map((a) => a.answerId) } });
  const record = (usage: TokenUsage, text: string) => {
    const counted = usage.inputTokens + usage.outputTokens ? usage : { inputTokens: 0, outputTokens: estimateTokens(text) };
    calls.push(callCost(aggregator, { answerId: aggregator.id, role: 'aggregator', usage: counted, usdInrRate: rate }));
    byModel.push({ modelId: aggregator.id, tokens: tokensOf(counted, text) });
  };
  // A failure or time-out is logged by callModel; an empty answer is a failed fusion, not logged.
  const outcome = await callModel(
    aggregator,
    {
      system: analysis ? `${AGGREGATOR_SYSTEM}\n\n${AGGREGATOR_WITH_ANALYSIS}` : AGGREGATOR_SYSTEM,
      messages: [{ role: 'user', content: fusionPrompt(question, answers, analysis ? analysisForAggregator(analysis) : undefined) }],
      onDelta: emit && ((delta) => emit({ event: 'fusion-delta', data: { delta } })),
      allowEmpty: true,
      maxOutputTokens,
    },
    { signal, role: 'aggregator', log, language },
  );
  if (outcome.kind === 'done') {
    record(outcome.usage, outcome.text);
    const text = outcome.text;
    return text.trim() ? { status: 'fused', text, analysis, calls, byModel } : { status: 'failed', text: '', analysis, calls, byModel };
  }
  if (stoppedOnPurpose()) {
    record({ inputTokens: 0, outputTokens: 0 }, outcome.text);
    return { status: 'stopped', text: outcome.text, analysis, calls, byModel };
  }
  return { status: 'failed', text: '', analysis, calls, byModel };
}
