import type { CallCost, PanelEntry } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, ModelClient, TokenUsage } from '@/lib/llm/model-client';
import { callModel } from '@/modules/agent/call-model';
import { callCost } from '@/modules/agent/fusion/costs';
import { applyStop, type CompletionPlan } from '@/modules/openai/completion-request';
import { OpenAiError } from '@/modules/openai/openai-error';
import type { EngineProgress, EngineResult } from '@/modules/openai/sangam-engine';

type Outcome = { text: string; usage: TokenUsage; ms: number; status: 'ok' | 'failed' | 'timeout' };

/**
 * Plain calls, each model on its own signal and timeout, all in parallel: a pass-through model
 * (one), or `sangam/universe` (one choice per panel model, in panel order). One failing model
 * never fails the others; none answering is a 502.
 */
export async function runDirect({
  models,
  messages,
  system,
  plan,
  signal,
  progress,
  log,
  usdInrRate,
}: {
  models: ModelClient[];
  messages: ChatMessage[];
  system: string;
  plan: CompletionPlan;
  signal: AbortSignal;
  progress?: EngineProgress;
  log: FastifyBaseLogger;
  usdInrRate: number;
}): Promise<EngineResult> {
  let ended = 0;
  const outcomes = await Promise.all(
    models.map(async (model, index): Promise<Outcome> => {
      const outcome = await callModel(
        model,
        {
          system,
          messages,
          temperature: plan.temperature ?? model.temperature,
          maxOutputTokens: plan.maxTokens,
          onDelta: progress?.delta && ((delta) => progress.delta?.(index, model.id, delta)),
          // An empty answer is the model's answer here, as any OpenAI-compatible server returns it.
          allowEmpty: true,
        },
        { signal, role: 'v1', log },
      );
      ended += 1;
      if (models.length > 1) progress?.panel?.(ended, models.length);
      if (outcome.kind === 'stopped') throw outcome.error;
      const status = outcome.kind === 'done' ? 'ok' : outcome.kind;
      return { text: status === 'ok' ? applyStop(outcome.text, plan.stop) : '', usage: outcome.usage, ms: outcome.durationMs, status };
    }),
  );
  if (signal.aborted) throw new OpenAiError('invalid_request', { message: 'The request was cancelled.' });
  if (!outcomes.some((o) => o.status === 'ok'))
    throw new OpenAiError('upstream_error', {
      message: models.length > 1 ? undefined : `${models[0]?.name ?? 'The model'} failed to answer.`,
    });
  const calls: CallCost[] = models.flatMap((model, i) => {
    const o = outcomes[i] as Outcome;
    return o.usage.inputTokens + o.usage.outputTokens > 0
      ? [callCost(model, { answerId: model.id, role: 'proposer', usage: o.usage, usdInrRate })]
      : [];
  });
  const panel: PanelEntry[] = models.map((model, i) => {
    const o = outcomes[i] as Outcome;
    return {
      model: model.id,
      answer_id: model.id,
      status: o.status,
      latency_ms: o.ms,
      usage: { prompt_tokens: o.usage.inputTokens, completion_tokens: o.usage.outputTokens },
      ...(o.status === 'ok' ? {} : { reason: o.status === 'timeout' ? 'MODEL_TIMEOUT' : 'MODEL_FAILED' }),
    };
  });
  return {
    choices: models.map((model, i) => ({ model: model.id, text: (outcomes[i] as Outcome).text })),
    calls,
    panel,
    costInr: Math.round(calls.reduce((n, c) => n + (c.costInr ?? 0), 0) * 1e6) / 1e6,
    tokens: calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0),
  };
}
