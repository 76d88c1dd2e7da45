import type { CompletionUsage, PerCallCost } from '@sangam/contracts';
import type { CompletionPlan } from '@/modules/openai/completion-request';
import { applyStop } from '@/modules/openai/completion-request';
import type { EngineResult } from '@/modules/openai/sangam-engine';

/** `usage`: every call summed (panel, judge, aggregator: what is charged), with its rupees per call. */
export function usageOf(result: EngineResult, plan: CompletionPlan): CompletionUsage {
  const perCall: PerCallCost[] = result.calls.map((c) => ({
    model: c.modelId,
    role: plan.direct ? 'model' : c.role,
    prompt_tokens: c.inputTokens,
    completion_tokens: c.outputTokens,
    cost: c.costInr,
  }));
  const prompt = perCall.reduce((n, c) => n + c.prompt_tokens, 0);
  const completion = perCall.reduce((n, c) => n + c.completion_tokens, 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    cost: result.costInr,
    cost_details: { currency: 'INR', per_call: perCall },
  };
}

/** The `sangam` object of a response: the panel's outcomes, the judge's and aggregator's usage, the analysis when asked for. */
export function sangamOf(result: EngineResult, plan: CompletionPlan) {
  const role = (r: 'judge' | 'aggregator') => {
    const c = result.calls.find((x) => x.role === r);
    return c ? { model: c.modelId, usage: { prompt_tokens: c.inputTokens, completion_tokens: c.outputTokens }, cost: c.costInr } : null;
  };
  return {
    model: plan.model,
    panel: result.panel,
    judge: plan.direct ? null : role('judge'),
    aggregator: plan.direct ? null : role('aggregator'),
    failed: result.panel
      .filter((p) => p.status === 'failed' || p.status === 'timeout')
      .map((p) => ({ model: p.answer_id, reason: p.reason ?? 'MODEL_FAILED' })),
    ...(plan.extension.include?.includes('analysis') && result.analysis
      ? {
          analysis: {
            agreement: result.analysis.agreement,
            consensus: result.analysis.consensus,
            contradictions: result.analysis.contradictions,
            unique: result.analysis.unique,
            open_questions: result.analysis.openQuestions,
          },
        }
      : {}),
  };
}

/** The model a response names: the one that wrote the text (the aggregator for fusion); sangam/universe for several. */
export const responseModel = (result: EngineResult, plan: CompletionPlan) =>
  result.choices.length > 1 ? plan.model : (result.choices[0]?.model ?? plan.model);

/** A whole `chat.completion`. */
export function completionBody({ id, created, result, plan }: { id: string; created: number; result: EngineResult; plan: CompletionPlan }) {
  const many = result.choices.length > 1;
  return {
    id,
    object: 'chat.completion' as const,
    created,
    model: responseModel(result, plan),
    system_fingerprint: null,
    choices: result.choices.map((c, index) => ({
      index,
      message: { role: 'assistant' as const, content: applyStop(c.text, plan.stop), refusal: null },
      logprobs: null,
      finish_reason: 'stop' as const,
      ...(many ? { sangam: { model: c.model, status: result.panel[index]?.status ?? 'ok' } } : {}),
    })),
    usage: usageOf(result, plan),
    sangam: sangamOf(result, plan),
  };
}
