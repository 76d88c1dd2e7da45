import type { AgentStreamEvent, CallCost, FusionAnalysis, PanelEntry } from '@sangam/contracts';
import { OPENAI_LIMITS } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelClient } from '@/lib/llm/model-client';
import { GENERAL_SYSTEM } from '@/modules/agent/agent-prompts';
import { generateAnswer } from '@/modules/agent/answer.service';
import { estimateAnswerCostInr, estimateAnswerTokens } from '@/modules/agent/answer-estimate';
import type { PanelFor } from '@/modules/agent/answer-pipeline';
import { sanitizeImage } from '@/modules/agent/image-check';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { type CompletionPlan, conversationOf } from '@/modules/openai/completion-request';
import { OpenAiError } from '@/modules/openai/openai-error';
import { runDirect } from '@/modules/openai/run-direct';
import type { UsageMeter } from '@/modules/usage/usage-meter';

/**
 * The one file that couples /v1 to the answer engine: it picks the panel (the arena's, as in the
 * chat), reserves the worst case of the whole fan-out against the owner's plan, runs the Sangam
 * pipeline (`generateAnswer`) or plain calls, then settles the reservation to the real usage (or
 * releases it on failure and on abort).
 */
export type EngineDeps = { registry: ModelRegistry; meter: UsageMeter; panelFor?: PanelFor };

export type EngineChoice = { model: string; text: string };
export type EngineResult = {
  choices: EngineChoice[];
  calls: CallCost[];
  panel: PanelEntry[];
  analysis?: FusionAnalysis;
  costInr: number;
  tokens: number;
};
/** What a streaming response is told while the engine runs. */
export type EngineProgress = {
  panel?: (done: number, total: number) => void;
  delta?: (choice: number, model: string, text: string) => void;
};

const sum = (calls: CallCost[]) => Math.round(calls.reduce((n, c) => n + (c.costInr ?? 0), 0) * 1e6) / 1e6;

/** The models of a request: the `sangam.panel` asked for, else the arena's panel, else every proposer. */
async function panelOf(deps: EngineDeps, plan: CompletionPlan, needsVision: boolean, log: FastifyBaseLogger): Promise<ModelClient[]> {
  const { registry } = deps;
  const asked = plan.extension.panel?.flatMap((id) => registry.byId(id) ?? []);
  let models = asked?.length ? asked : registry.proposers({ needsVision });
  if (!asked?.length && deps.panelFor) {
    const pick = await deps.panelFor({ prompt: plan.question, available: models, log });
    if (pick) models = pick.models;
  }
  if (needsVision) models = models.filter((m) => m.vision);
  if (models.length === 0)
    throw new OpenAiError('invalid_request', { message: 'No model of the panel can read images.', param: 'messages' });
  return models.slice(0, OPENAI_LIMITS.panelMax);
}

/** A request ready to run: its panel chosen and its worst case reserved; `run` settles or releases the reservation. */
export type StartedCompletion = {
  /** How many choices the response has (one per panel model for sangam/universe). */
  choices: number;
  run: (signal: AbortSignal, progress?: EngineProgress) => Promise<EngineResult>;
};

/**
 * Everything that may refuse a request before any model is called (no model, a bad image, the plan's
 * allowance, too many answers in progress), so that a stream only opens for a request that runs.
 */
export async function startCompletion(
  deps: EngineDeps,
  { userId, requestId, plan, log }: { userId: string; requestId: string; plan: CompletionPlan; log: FastifyBaseLogger },
): Promise<StartedCompletion> {
  const { registry, meter } = deps;
  registry.assertAvailable();
  const image = plan.image ? await sanitizeImage(plan.image.data) : undefined;
  const models = plan.direct
    ? [plan.direct]
    : plan.model === 'sangam/self-moa'
      ? [{ ...(await panelOf(deps, plan, Boolean(image), log))[0], samples: OPENAI_LIMITS.selfMoaSamples } as ModelClient]
      : await panelOf(deps, plan, Boolean(image), log);
  const fuses = plan.model === 'sangam/fusion' || plan.model === 'sangam/self-moa';
  const chars = requestChars(plan);
  const calls = models.reduce((n, m) => n + (m.samples ?? 1), 0);
  const { reservation, written } = await meter.admit({
    userId,
    requestId,
    tokens: estimateAnswerTokens({ chars, proposers: fuses ? calls : 1, hasImage: Boolean(image) }) * (fuses ? 1 : calls),
    log,
  });
  // A stream shows text as it comes: it starts once the reservation is in the database. A whole
  // answer calls its models meanwhile and is given out only after (refused there, its calls stop).
  if (plan.stream) await written;
  const refused = new AbortController();
  written.catch((err: unknown) => refused.abort(err));
  const run = async (caller: AbortSignal, progress?: EngineProgress) => {
    const signal = AbortSignal.any([caller, refused.signal]);
    try {
      const result = fuses
        ? await fuse(deps, { plan, models, image, signal, progress, log })
        : await runDirect({
            models,
            messages: conversationOf(plan, image),
            system: plan.system ?? '',
            plan,
            signal,
            progress,
            log,
            usdInrRate: rate(registry),
          });
      await written;
      meter.settle(
        reservation,
        result.calls.map((c) => ({ modelId: c.modelId, tokens: c.inputTokens + c.outputTokens })),
      );
      return result;
    } catch (err) {
      meter.release(reservation);
      throw refused.signal.aborted ? refused.signal.reason : err;
    }
  };
  return { choices: fuses ? 1 : models.length, run };
}

/** The characters of everything sent to the models: the question, the earlier turns and the system prompt. */
const requestChars = (plan: CompletionPlan) =>
  plan.question.length + plan.history.reduce((n, h) => n + h.content.length, 0) + (plan.system?.length ?? 0);

const rate = (registry: ModelRegistry) => registry.fusion?.usdInrRate ?? 88;

/** The worst-case rupees of a request before it runs (the key's budget is checked against it). */
export function worstCaseInr(deps: EngineDeps, plan: CompletionPlan): number {
  const { registry } = deps;
  const chars = requestChars(plan);
  const proposals = plan.direct
    ? [plan.direct]
    : (plan.extension.panel?.flatMap((id) => registry.byId(id) ?? []) ?? registry.proposers({}));
  const fused = !plan.direct && plan.model !== 'sangam/universe';
  return (
    estimateAnswerCostInr({
      chars,
      proposals,
      judge: fused ? registry.judge() : undefined,
      aggregator: fused ? registry.aggregator() : undefined,
      usdInrRate: rate(registry),
    }) ?? 0
  );
}

/** sangam/fusion and sangam/self-moa: the panel, the judge's analysis and the fused answer. */
async function fuse(
  deps: EngineDeps,
  {
    plan,
    models,
    image,
    signal,
    progress,
    log,
  }: {
    plan: CompletionPlan;
    models: ModelClient[];
    image?: { data: Buffer; mediaType: string };
    signal: AbortSignal;
    progress?: EngineProgress;
    log: FastifyBaseLogger;
  },
): Promise<EngineResult> {
  const base = deps.registry;
  const judge = plan.extension.judge ? base.byId(plan.extension.judge) : undefined;
  const aggregator = plan.extension.aggregator ? base.byId(plan.extension.aggregator) : undefined;
  const registry: ModelRegistry = {
    ...base,
    ...(judge ? { judge: () => judge } : {}),
    ...(aggregator ? { aggregator: () => aggregator } : {}),
  };
  const total = models.reduce((n, m) => n + (m.samples ?? 1), 0);
  let ended = 0;
  let writer: string | undefined;
  const emit = progress
    ? (e: AgentStreamEvent) => {
        if (e.event === 'model-end' || e.event === 'model-error') {
          ended += 1;
          progress.panel?.(ended, total);
        } else if (e.event === 'fusion-start') writer = e.data.model;
        else if (e.event === 'fusion-delta' && writer) progress.delta?.(0, writer, e.data.delta);
      }
    : undefined;
  const result = await generateAnswer({
    registry,
    models,
    system: plan.system ?? GENERAL_SYSTEM,
    question: plan.question,
    history: plan.history,
    image,
    signal,
    emit,
    log,
    deadlineMs: plan.extension.deadline_ms,
    temperature: plan.temperature,
    maxOutputTokens: plan.maxTokens,
  });
  const calls = result.response.data.cost?.calls ?? [];
  const fusedBy = result.response.message === 'Fused answer' ? calls.find((c) => c.role === 'aggregator')?.modelId : undefined;
  const first = result.answers.find((a) => a.status === 'done' && !a.late);
  const panel: PanelEntry[] = result.answers.map((a) => {
    const call = calls.find((c) => c.role === 'proposer' && c.answerId === (a.answerId ?? a.modelId));
    return {
      model: a.modelId,
      answer_id: a.answerId ?? a.modelId,
      status: a.late ? 'late' : a.status === 'done' ? 'ok' : a.status === 'timeout' ? 'timeout' : 'failed',
      latency_ms: a.durationMs,
      usage: call ? { prompt_tokens: call.inputTokens, completion_tokens: call.outputTokens } : null,
      ...(a.error ? { reason: a.error.code } : {}),
    };
  });
  return {
    choices: [{ model: fusedBy ?? first?.modelId ?? models[0]?.id ?? plan.model, text: result.response.data.best_output }],
    calls,
    panel,
    analysis: result.response.data.analysis,
    costInr: sum(calls),
    tokens: calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0),
  };
}
