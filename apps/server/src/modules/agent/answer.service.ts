import type {
  AgentStreamEvent,
  AnswerResponse,
  CallCost,
  FusionAnalysis,
  ModelAnswer,
  ModelRef,
  QuestionLanguage,
  SupportingAnswer,
} from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@/errors';
import type { ChatInput, ChatMessage, ChatPart, ModelClient, TokenUsage } from '@/lib/llm/model-client';
import type { ModelLatency } from '@/lib/llm/model-latency';
import type { HistoryTurn } from '@/modules/agent/agent-request';
import { callModel } from '@/modules/agent/call-model';
import { answerCost, callCost, callCostInr } from '@/modules/agent/fusion/costs';
import { fuseAnswers } from '@/modules/agent/fusion/fuse';
import { FUSION_DEFAULTS, fusionGate, type Quorum, USD_INR_RATE_DEFAULT } from '@/modules/agent/fusion/quorum';
import type { ModelRegistry } from '@/modules/models/model-registry';
import type { ModelTokens } from '@/modules/usage/usage.service';

type Emit = (e: AgentStreamEvent) => void;

/** Why an answer's signal was aborted on purpose: the owner pressed Stop (or the server cut it short). */
export class AnswerStopped extends Error {
  constructor(detail = 'The answer was stopped.') {
    super(detail);
    this.name = 'AnswerStopped';
  }
}
/** One proposer's outcome: a typed union (never a string match on the abort reason). */
type Measured = { text: string; tokens: number; durationMs: number; usage: TokenUsage };
export type ProposalOutcome =
  | ({ kind: 'done' } & Measured)
  | ({ kind: 'failed'; code: 'MODEL_FAILED' | 'MODEL_CIRCUIT_OPEN'; detail: string } & Measured)
  | ({ kind: 'timeout'; code: 'MODEL_TIMEOUT'; detail: string } & Measured)
  | ({ kind: 'stopped'; code: 'MODEL_STOPPED'; detail: string } & Measured);

export type Proposal = {
  model: ModelClient;
  /** This answer's id: the model id, or `id#k` for the k-th of a model's samples. */
  answerId: string;
  sample?: number;
  /** Text streamed so far (the whole answer once done). */
  text: string;
  /** Set once the call has ended. */
  outcome?: ProposalOutcome;
  /** Ended after the fusion started: shown, not fused. */
  late?: boolean;
  /** Rupees of the call at the model's price (null without one). */
  costInr?: number | null;
};

/** The proposer calls of `models`: one each, or `samples: k` calls (`id#1`..`id#k`) of a model with samples. */
export function proposalsOf(models: ModelClient[]): Proposal[] {
  return models.flatMap((model) => {
    const k = Math.max(1, Math.min(5, model.samples ?? 1));
    if (k === 1) return [{ model, answerId: model.id, text: '' }];
    return Array.from({ length: k }, (_, i) => ({ model, answerId: `${model.id}#${i + 1}`, sample: i + 1, text: '' }));
  });
}

/** The name an answer is shown under: the model's, with "#k" for a sample. */
export const answerName = (p: Pick<Proposal, 'model' | 'sample'>) => (p.sample ? `${p.model.name} #${p.sample}` : p.model.name);

/** Every model's answer as stored with the assistant message (ModelAnswer of the contracts). */
export function toModelAnswers(proposals: Proposal[], inFusion: Set<string>): ModelAnswer[] {
  return proposals.map((p) => {
    const o = p.outcome;
    return {
      modelId: p.model.id,
      name: p.model.name,
      status: o ? o.kind : 'streaming',
      text: o ? o.text : p.text,
      tokens: o ? o.tokens : null,
      durationMs: o ? o.durationMs : null,
      error: o && o.kind !== 'done' ? { code: o.code, detail: o.detail } : null,
      isInFusion: inFusion.has(p.answerId),
      answerId: p.answerId,
      ...(p.sample ? { sample: p.sample } : {}),
      ...(p.late ? { late: true } : {}),
      ...(p.costInr !== undefined ? { costInr: p.costInr } : {}),
    };
  });
}

/** The answer of generateAnswer: the response, the usage, every model's answer, and whether it was stopped. */
export type AnswerResult = {
  /** `data.analysis` (when two or more answers were fused with the judge's analysis) and `data.cost` included. */
  response: AnswerResponse;
  byModel: ModelTokens[];
  answers: ModelAnswer[];
  stopped: boolean;
};

/** ALL_MODELS_FAILED, carrying every model's answer (stored with the failed message). */
export class AllModelsFailed extends AppError {
  constructor(readonly answers: ModelAnswer[]) {
    super('ALL_MODELS_FAILED');
  }
}

function userMessage(text: string, image?: { data: Buffer; mediaType: string }): ChatMessage {
  if (!image) return { role: 'user', content: text };
  const parts: ChatPart[] = [
    { type: 'image', image: new Uint8Array(image.data), mediaType: image.mediaType },
    { type: 'text', text },
  ];
  return { role: 'user', content: parts };
}

const modelRef = (p: Proposal): ModelRef => ({
  model: p.model.id,
  name: p.model.name,
  answerId: p.answerId,
  ...(p.sample ? { sample: p.sample } : {}),
});

/**
 * One proposer (its `model-start` already sent): its own timeout and AbortController; its outcome is
 * a typed union; failure never throws. `isLate` tells, when it ends, whether the fusion has already
 * started without it. A success's time is recorded in `latency`.
 */
async function runProposal(
  p: Proposal,
  input: ChatInput,
  {
    log,
    emit,
    usdInrRate,
    isLate,
    breaker,
    latency,
    language,
  }: {
    log: FastifyBaseLogger;
    emit?: Emit;
    usdInrRate: number;
    isLate: () => boolean;
    breaker: ModelRegistry['breaker'];
    latency?: ModelLatency;
    language?: QuestionLanguage;
  },
) {
  const model = modelRef(p);
  const outcome = await callModel(
    p.model,
    {
      system: input.system,
      messages: input.messages,
      temperature: input.temperature ?? p.model.temperature,
      maxOutputTokens: input.maxOutputTokens,
      onDelta:
        emit &&
        ((delta) => {
          p.text += delta;
          emit({ event: 'model-delta', data: { ...model, delta } });
        }),
    },
    { signal: input.signal, role: 'proposer', log, breaker, language },
  );
  p.text = outcome.text;
  p.costInr = callCostInr(p.model, outcome.usage, usdInrRate);
  const { text, tokens, durationMs, usage } = outcome;
  if (outcome.kind === 'done') {
    latency?.record(p.model.id, durationMs);
    p.outcome = { kind: 'done', text, tokens, durationMs, usage };
    if (isLate()) p.late = true;
    emit?.({
      event: 'model-end',
      data: { ...model, text, tokens, durationMs, costInr: p.costInr, ...(p.late ? { late: true } : {}) },
    });
    return;
  }
  const base = { text, tokens, durationMs, usage };
  p.outcome =
    outcome.kind === 'stopped' && input.signal.reason instanceof AnswerStopped
      ? { kind: 'stopped', code: 'MODEL_STOPPED', detail: `${p.model.name} was stopped.`, ...base }
      : outcome.kind === 'timeout'
        ? {
            kind: 'timeout',
            code: 'MODEL_TIMEOUT',
            detail: `${p.model.name} did not answer within ${Math.round(p.model.timeoutMs / 1000)} s.`,
            ...base,
          }
        : { kind: 'failed', code: 'MODEL_FAILED', detail: `${p.model.name} failed to answer.`, ...base };
  const o = p.outcome;
  emit?.({ event: 'model-error', data: { ...model, code: o.code, detail: o.detail, ...(text ? { text } : {}) } });
}

/** The proposer calls' tokens and rupees (calls that never reached a model are left out). */
const proposerCalls = (proposals: Proposal[], usdInrRate: number): CallCost[] =>
  proposals
    .filter((p) => p.outcome && p.outcome.usage.inputTokens + p.outcome.usage.outputTokens > 0)
    .map((p) => callCost(p.model, { answerId: p.answerId, role: 'proposer', usage: p.outcome?.usage ?? NO_USAGE, usdInrRate }));
const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

/**
 * Mixture-of-agents: every proposer (each sample of a model with `samples`) answers in parallel;
 * once the quorum has answered, or the deadline after the first answer has passed, the judge writes
 * its analysis of the answers so far and the aggregator writes best_output from the question, those
 * answers and the analysis. Proposers still running go on: they are stored as late answers, and the
 * call returns once every one has ended. One answer means no fusion call; none means 502. An answer
 * stopped on purpose (AnswerStopped) returns what was generated; any other abort throws.
 */
export async function generateAnswer({
  registry,
  models: chosen,
  system,
  question,
  history,
  image,
  signal,
  emit,
  log,
  quorum,
  deadlineMs,
  temperature,
  maxOutputTokens,
  language,
}: {
  registry: ModelRegistry;
  /** The proposers to ask (default: every proposer that can read the input). */
  models?: ModelClient[];
  system: string;
  question: string;
  history: HistoryTurn[];
  image?: { data: Buffer; mediaType: string };
  signal: AbortSignal;
  /** Receives the stream of events; without it every model answers in one response. */
  emit?: Emit;
  /** Where model failures are logged (the request's logger). */
  log: FastifyBaseLogger;
  /** How many proposers fusion waits for (default FUSION_QUORUM). */
  quorum?: Quorum;
  /** How long after the first answer fusion waits at most (default FUSION_DEADLINE_MS). */
  deadlineMs?: number;
  /** A temperature for every proposer call (default: each model's own). */
  temperature?: number;
  /** The most tokens each written answer may have, the proposers' and the fused one (/v1's `max_tokens`). */
  maxOutputTokens?: number;
  /** The answer's language: every proposer, the judge and the aggregator are told to write in it. */
  language?: QuestionLanguage;
}): Promise<AnswerResult> {
  const models = chosen ?? registry.proposers({ needsVision: Boolean(image) });
  // A registry built by hand (a harness) may have no settings: the defaults then apply.
  const configured: Partial<ModelRegistry['fusion']> = registry.fusion ?? {};
  const settings = { ...FUSION_DEFAULTS, usdInrRate: USD_INR_RATE_DEFAULT, ...configured };
  const usdInrRate = settings.usdInrRate;
  const messages: ChatMessage[] = [...history.map((h) => ({ role: h.role, content: h.content })), userMessage(question, image)];
  const proposals = proposalsOf(models);
  const stoppedOnPurpose = () => signal.aborted && signal.reason instanceof AnswerStopped;
  const gate = fusionGate({
    total: proposals.length,
    quorum: quorum ?? settings.quorum,
    deadlineMs: deadlineMs ?? settings.deadlineMs,
    signal,
  });
  const isLate = () => gate.isOpen && !signal.aborted;
  // Each proposer starts (or fails with its circuit open) in the panel's order; their requests then
  // leave slowest first (`ModelLatency`).
  const callable = proposals.filter((p) => {
    if (registry.breaker.canCall(p.model.id)) {
      emit?.({ event: 'model-start', data: modelRef(p) });
      return true;
    }
    const detail = `${p.model.name} is temporarily unavailable after repeated failures.`;
    p.outcome = { kind: 'failed', code: 'MODEL_CIRCUIT_OPEN', detail, text: '', tokens: 0, durationMs: 0, usage: NO_USAGE };
    emit?.({ event: 'model-error', data: { ...modelRef(p), code: 'MODEL_CIRCUIT_OPEN', detail } });
    gate.ended(false);
    return false;
  });
  const latency = registry.latency as ModelLatency | undefined;
  const everyone = Promise.all(
    (latency ? latency.slowestFirst(callable, (p) => p.model.id) : callable).map(async (p) => {
      await runProposal(
        p,
        { system, messages, signal, temperature, maxOutputTokens },
        { log, emit, usdInrRate, isLate, breaker: registry.breaker, latency, language },
      );
      gate.ended(p.outcome?.kind === 'done');
    }),
  );
  await gate.ready;
  // The answers fused: those done when the gate opened (one ending since is marked late, and left out).
  const ok = signal.aborted ? [] : proposals.filter((p) => p.outcome?.kind === 'done' && !p.late);

  const supportingOf = () => {
    const supporting: Record<string, SupportingAnswer> = {};
    for (const p of proposals) {
      const o = p.outcome;
      supporting[answerName(p)] =
        !o || o.kind === 'done'
          ? p.text
          : { error: o.detail, status: o.kind === 'timeout' ? 'timeout' : 'failed', ...(o.text ? { text: o.text } : {}) };
    }
    return supporting;
  };
  const proposerTokens = (): ModelTokens[] =>
    proposals.filter((p) => (p.outcome?.tokens ?? 0) > 0).map((p) => ({ modelId: p.model.id, tokens: p.outcome?.tokens ?? 0 }));

  if (signal.aborted) {
    await everyone;
    if (!stoppedOnPurpose()) throw new AppError('BAD_REQUEST', { detail: 'The request was cancelled.' });
    const done = proposals.filter((p) => p.outcome?.kind === 'done');
    const partial = done[0]?.text ?? proposals.map((p) => p.text).reduce((a, b) => (b.length > a.length ? b : a), '');
    const cost = answerCost(proposerCalls(proposals, usdInrRate));
    return {
      response: { data: { best_output: partial, supporting_output: supportingOf(), cost }, message: 'Answer stopped' },
      byModel: proposerTokens(),
      answers: toModelAnswers(proposals, new Set()),
      stopped: true,
    };
  }
  if (ok.length === 0) {
    await everyone;
    throw new AllModelsFailed(toModelAnswers(proposals, new Set()));
  }

  let best = ok[0]?.text ?? '';
  let message = ok.length === 1 ? 'Answered by one model' : 'Fused answer';
  let stopped = false;
  let analysis: FusionAnalysis | undefined;
  const inFusion = new Set<string>();
  const fusionCalls: CallCost[] = [];
  const fusionTokens: ModelTokens[] = [];
  if (ok.length > 1) {
    const fused = await fuseAnswers({
      registry,
      question,
      answers: ok.map((p) => ({ answerId: p.answerId, text: p.text })),
      signal,
      emit,
      log,
      stoppedOnPurpose,
      usdInrRate,
      maxOutputTokens,
      language,
    });
    fusionCalls.push(...fused.calls);
    fusionTokens.push(...fused.byModel);
    if (fused.status === 'fused') {
      best = fused.text;
      analysis = fused.analysis;
      for (const p of ok) inFusion.add(p.answerId);
    } else if (fused.status === 'stopped') {
      stopped = true;
      message = 'Answer stopped';
      analysis = fused.analysis;
      if (fused.text.trim()) best = fused.text;
      for (const p of ok) inFusion.add(p.answerId);
    } else {
      message = 'Fusion failed; showing the first answer';
    }
  }
  // The fused answer is written; the run ends once the late proposers have ended too.
  await everyone;
  if (signal.aborted && !stoppedOnPurpose()) throw new AppError('BAD_REQUEST', { detail: 'The request was cancelled.' });
  const cost = answerCost([...proposerCalls(proposals, usdInrRate), ...fusionCalls]);
  return {
    response: {
      data: { best_output: best, supporting_output: supportingOf(), ...(analysis ? { analysis } : {}), cost },
      message,
    },
    byModel: [...proposerTokens(), ...fusionTokens],
    answers: toModelAnswers(proposals, inFusion),
    stopped,
  };
}
