import type { AgentStreamEvent, CallCost, FusionAnalysis } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type ChatInput, estimateTokens, type ModelClient, type TokenUsage } from '@/lib/llm/model-client';
import { AGGREGATOR_SYSTEM, AGGREGATOR_WITH_ANALYSIS, fusionPrompt } from '@/modules/agent/agent-prompts';
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

/** The reason a fusion call's own timer aborts it. */
class FusionTimedOut extends Error {}

/** Logs a fusion call that failed (role, model id, kind); never the prompt, the answers or the body. */
type LogFailure = (log: FastifyBaseLogger, model: ModelClient, err: unknown, outcome: 'failed' | 'timeout', role: string) => void;

export type FuseResult = {
  /** fused: `text` is the fused answer; stopped: `text` is what was written; failed: no fused text. */
  status: 'fused' | 'stopped' | 'failed';
  text: string;
  analysis?: FusionAnalysis;
  calls: CallCost[];
  byModel: ModelTokens[];
};

const tokensOf = (u: TokenUsage, text: string) => u.inputTokens + u.outputTokens || estimateTokens(text);

/** Runs `call` under the model's own timeout as well as `signal`. */
async function timed<T>(model: ModelClient, signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FusionTimedOut()), model.timeoutMs);
  try {
    return await call(AbortSignal.any([signal, controller.signal]));
  } catch (err) {
    throw controller.signal.aborted ? Object.assign(new FusionTimedOut(), { cause: err }) : err;
  } finally {
    clearTimeout(timer);
  }
}

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
  logFailure,
  usdInrRate: rate,
}: {
  registry: ModelRegistry;
  question: string;
  answers: FusedAnswer[];
  signal: AbortSignal;
  log: FastifyBaseLogger;
  logFailure: LogFailure;
  usdInrRate: number;
}): Promise<{ analysis?: FusionAnalysis; call?: CallCost; tokens?: ModelTokens }> {
  const judge = registry.judge();
  if (!judge) return {};
  try {
    const { object, usage } = await timed(judge, signal, (s) =>
      judge.object({ system: JUDGE_SYSTEM, prompt: judgePrompt(question, answers), schema: judgeCallSchema, signal: s }),
    );
    const analysis = toAnalysis(
      object,
      answers.map((a) => a.answerId),
      judge,
    );
    const counted =
      usage.inputTokens + usage.outputTokens ? usage : { inputTokens: 0, outputTokens: estimateTokens(JSON.stringify(object)) };
    return {
      analysis,
      call: callCost(judge, { answerId: judge.id, role: 'judge', usage: counted, usdInrRate: rate }),
      tokens: { modelId: judge.id, tokens: counted.inputTokens + counted.outputTokens },
    };
  } catch (err) {
    if (!signal.aborted) logFailure(log, judge, err, err instanceof FusionTimedOut ? 'timeout' : 'failed', 'judge');
    return {};
  }
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
  logFailure,
  stoppedOnPurpose,
  answerText,
  usdInrRate: rate,
}: {
  registry: ModelRegistry;
  question: string;
  answers: FusedAnswer[];
  signal: AbortSignal;
  emit?: Emit;
  log: FastifyBaseLogger;
  logFailure: LogFailure;
  stoppedOnPurpose: () => boolean;
  /** Streams (with `onDelta`) or generates one model's whole text. */
  answerText: (model: ModelClient, input: ChatInput, onDelta?: (delta: string) => void) => Promise<{ text: string; usage: TokenUsage }>;
  usdInrRate: number;
}): Promise<FuseResult> {
  const calls: CallCost[] = [];
  const byModel: ModelTokens[] = [];
  const judged = await judgeAnswers({ registry, question, answers, signal, log, logFailure, usdInrRate: rate });
  if (judged.call) calls.push(judged.call);
  if (judged.tokens) byModel.push(judged.tokens);
  if (stoppedOnPurpose()) return { status: 'stopped', text: '', analysis: judged.analysis, calls, byModel };
  if (signal.aborted) return { status: 'failed', text: '', calls, byModel };
  const analysis = judged.analysis;
  if (analysis) emit?.({ event: 'fusion-analysis', data: analysis });

  const aggregator = registry.aggregator();
  if (!aggregator) return { status: 'failed', text: '', analysis, calls, byModel };
  emit?.({ event: 'fusion-start', data: { model: aggregator.id, name: aggregator.name, answers: answers.map((a) => a.answerId) } });
  let partial = '';
  const record = (usage: TokenUsage, text: string) => {
    const counted = usage.inputTokens + usage.outputTokens ? usage : { inputTokens: 0, outputTokens: estimateTokens(text) };
    calls.push(callCost(aggregator, { answerId: aggregator.id, role: 'aggregator', usage: counted, usdInrRate: rate }));
    byModel.push({ modelId: aggregator.id, tokens: tokensOf(counted, text) });
  };
  try {
    const { text, usage } = await timed(aggregator, signal, (s) =>
      answerText(
        aggregator,
        {
          system: analysis ? `${AGGREGATOR_SYSTEM}\n\n${AGGREGATOR_WITH_ANALYSIS}` : AGGREGATOR_SYSTEM,
          messages: [{ role: 'user', content: fusionPrompt(question, answers, analysis ? analysisForAggregator(analysis) : undefined) }],
          signal: s,
          deadline: Date.now() + aggregator.timeoutMs,
        },
        emit &&
          ((delta) => {
            partial += delta;
            emit({ event: 'fusion-delta', data: { delta } });
          }),
      ),
    );
    record(usage, text);
    return text.trim() ? { status: 'fused', text, analysis, calls, byModel } : { status: 'failed', text: '', analysis, calls, byModel };
  } catch (err) {
    if (stoppedOnPurpose()) {
      record({ inputTokens: 0, outputTokens: 0 }, partial);
      return { status: 'stopped', text: partial, analysis, calls, byModel };
    }
    if (!signal.aborted) logFailure(log, aggregator, err, err instanceof FusionTimedOut ? 'timeout' : 'failed', 'aggregator');
    return { status: 'failed', text: '', analysis, calls, byModel };
  }
}
