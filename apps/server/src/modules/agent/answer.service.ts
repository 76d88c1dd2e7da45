import type { AgentStreamEvent, AnswerResponse, ModelAnswer, SupportingAnswer } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@/errors';
import { type ChatInput, type ChatMessage, type ChatPart, estimateTokens, type ModelClient } from '@/lib/llm/model-client';
import { describeProviderError, ModelError } from '@/lib/llm/provider-error';
import { AGGREGATOR_SYSTEM, fusionPrompt } from '@/modules/agent/agent-prompts';
import type { HistoryTurn } from '@/modules/agent/agent-request';
import type { ModelRegistry } from '@/modules/models/model-registry';
import type { ModelTokens } from '@/modules/usage/usage.service';

type Emit = (e: AgentStreamEvent) => void;

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

/** Tokens reserved for one refiner call. */
export const estimateRefineTokens = ({ chars }: { chars: number }) => Math.ceil(chars / 4) + SYSTEM_TOKENS + ANSWER_TOKENS;

/** Logs a model call that failed with its cause (kind, status, provider, model id); never the prompt, a body or the key. */
export function logModelFailure(log: FastifyBaseLogger, model: ModelClient, err: unknown, outcome: 'failed' | 'timeout', role: string) {
  log.warn({ modelId: model.id, provider: model.provider, role, outcome, ...describeProviderError(err) }, 'model call failed');
}
/** Why an answer's signal was aborted on purpose: the owner pressed Stop (or the server cut it short). */
export class AnswerStopped extends Error {
  constructor(detail = 'The answer was stopped.') {
    super(detail);
    this.name = 'AnswerStopped';
  }
}
/** The reason a model's own timer aborts its call. */
class ModelTimedOut extends Error {}

/** One model's outcome: a typed union (never a string match on the abort reason). */
export type ModelOutcome =
  | { kind: 'done'; text: string; tokens: number; durationMs: number }
  | { kind: 'failed'; code: 'MODEL_FAILED' | 'MODEL_CIRCUIT_OPEN'; detail: string; text: string; tokens: number; durationMs: number }
  | { kind: 'timeout'; code: 'MODEL_TIMEOUT'; detail: string; text: string; tokens: number; durationMs: number }
  | { kind: 'stopped'; code: 'MODEL_STOPPED'; detail: string; text: string; tokens: number; durationMs: number };

export type Proposal = {
  model: ModelClient;
  /** Text streamed so far (the whole answer once done). */
  text: string;
  /** Set once the call has ended. */
  outcome?: ModelOutcome;
};

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
      isInFusion: inFusion.has(p.model.id),
    };
  });
}

/** The answer of generateAnswer: the response, the usage, every model's answer, and whether it was stopped. */
export type AnswerResult = {
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

/**
 * A model's whole answer: streamed delta by delta to `emit` when someone listens, otherwise asked
 * for in one response (a third of the CPU of a stream; the answer is only shown once complete).
 */
async function answerText(model: ModelClient, input: ChatInput, onDelta?: (delta: string) => void) {
  if (!onDelta) return model.generate(input);
  const result = model.stream(input);
  let text = '';
  for await (const delta of result.textStream) {
    text += delta;
    onDelta(delta);
  }
  return { text, usage: await result.usage };
}

/** One proposer: its own timeout and AbortController; its outcome is a typed union; failure never throws. */
async function runProposal(p: Proposal, input: ChatInput, log: FastifyBaseLogger, emit?: Emit) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ModelTimedOut()), p.model.timeoutMs);
  const onAbort = () => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', onAbort, { once: true });
  const model = { model: p.model.id, name: p.model.name };
  const started = Date.now();
  emit?.({ event: 'model-start', data: model });
  try {
    const { text, usage } = await answerText(
      p.model,
      { system: input.system, messages: input.messages, signal: controller.signal, deadline: Date.now() + p.model.timeoutMs },
      emit &&
        ((delta) => {
          p.text += delta;
          emit({ event: 'model-delta', data: { ...model, delta } });
        }),
    );
    p.text = text;
    if (!text.trim()) throw new ModelError('empty answer');
    const tokens = usage.inputTokens + usage.outputTokens || estimateTokens(text);
    const durationMs = Date.now() - started;
    p.outcome = { kind: 'done', text, tokens, durationMs };
    emit?.({ event: 'model-end', data: { ...model, text, tokens, durationMs } });
  } catch (err) {
    const reason = controller.signal.reason;
    const base = { text: p.text, tokens: estimateTokens(p.text), durationMs: Date.now() - started };
    p.outcome =
      input.signal.aborted && input.signal.reason instanceof AnswerStopped
        ? { kind: 'stopped', code: 'MODEL_STOPPED', detail: `${p.model.name} was stopped.`, ...base }
        : reason instanceof ModelTimedOut
          ? {
              kind: 'timeout',
              code: 'MODEL_TIMEOUT',
              detail: `${p.model.name} did not answer within ${Math.round(p.model.timeoutMs / 1000)} s.`,
              ...base,
            }
          : { kind: 'failed', code: 'MODEL_FAILED', detail: `${p.model.name} failed to answer.`, ...base };
    const o = p.outcome;
    emit?.({ event: 'model-error', data: { ...model, code: o.code, detail: o.detail, ...(p.text ? { text: p.text } : {}) } });
    if (!input.signal.aborted && (o.kind === 'failed' || o.kind === 'timeout')) logModelFailure(log, p.model, err, o.kind, 'proposer');
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Mixture-of-agents: every proposer answers in parallel, then the aggregator writes best_output from
 * the question and the numbered answers. One success means no fusion call; none means 502. An
 * answer stopped on purpose (AnswerStopped) returns what was generated; any other abort throws.
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
}): Promise<AnswerResult> {
  const models = chosen ?? registry.proposers({ needsVision: Boolean(image) });
  const messages: ChatMessage[] = [...history.map((h) => ({ role: h.role, content: h.content })), userMessage(question, image)];
  const proposals: Proposal[] = models.map((model) => ({ model, text: '' }));
  const stoppedOnPurpose = () => signal.aborted && signal.reason instanceof AnswerStopped;
  await Promise.all(
    proposals.map(async (p) => {
      if (!registry.breaker.canCall(p.model.id)) {
        const detail = `${p.model.name} is temporarily unavailable after repeated failures.`;
        p.outcome = { kind: 'failed', code: 'MODEL_CIRCUIT_OPEN', detail, text: '', tokens: 0, durationMs: 0 };
        emit?.({ event: 'model-error', data: { model: p.model.id, name: p.model.name, code: 'MODEL_CIRCUIT_OPEN', detail } });
        return;
      }
      await runProposal(p, { system, messages, signal }, log, emit);
      if (signal.aborted) return;
      if (p.outcome?.kind === 'done') registry.breaker.success(p.model.id);
      else registry.breaker.failure(p.model.id);
    }),
  );
  if (signal.aborted && !stoppedOnPurpose()) throw new AppError('BAD_REQUEST', { detail: 'The request was cancelled.' });

  const ok = proposals.filter((p) => p.outcome?.kind === 'done');
  const inFusion = new Set<string>();
  const supporting: Record<string, SupportingAnswer> = {};
  for (const p of proposals) {
    const o = p.outcome;
    supporting[p.model.name] =
      !o || o.kind === 'done'
        ? p.text
        : { error: o.detail, status: o.kind === 'timeout' ? 'timeout' : 'failed', ...(o.text ? { text: o.text } : {}) };
  }
  const byModel: ModelTokens[] = proposals
    .filter((p) => (p.outcome?.tokens ?? 0) > 0)
    .map((p) => ({ modelId: p.model.id, tokens: p.outcome?.tokens ?? 0 }));
  if (stoppedOnPurpose()) {
    const partial = ok[0]?.text ?? proposals.map((p) => p.text).reduce((a, b) => (b.length > a.length ? b : a), '');
    return {
      response: { data: { best_output: partial, supporting_output: supporting }, message: 'Answer stopped' },
      byModel,
      answers: toModelAnswers(proposals, inFusion),
      stopped: true,
    };
  }
  if (ok.length === 0) throw new AllModelsFailed(toModelAnswers(proposals, inFusion));

  let best = ok[0]?.text ?? '';
  let message = ok.length === 1 ? 'Answered by one model' : 'Fused answer';
  let stopped = false;
  if (ok.length > 1) {
    const aggregator = registry.aggregator();
    if (aggregator) {
      emit?.({ event: 'fusion-start', data: { model: aggregator.id, name: aggregator.name } });
      for (const p of ok) inFusion.add(p.model.id);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new ModelTimedOut()), aggregator.timeoutMs);
      let partial = '';
      try {
        const { text: fused, usage } = await answerText(
          aggregator,
          {
            system: AGGREGATOR_SYSTEM,
            messages: [
              userMessage(
                fusionPrompt(
                  question,
                  ok.map((p) => ({ name: p.model.name, text: p.text })),
                ),
              ),
            ],
            signal: AbortSignal.any([signal, controller.signal]),
            deadline: Date.now() + aggregator.timeoutMs,
          },
          emit &&
            ((delta) => {
              partial += delta;
              emit({ event: 'fusion-delta', data: { delta } });
            }),
        );
        if (fused.trim()) best = fused;
        byModel.push({ modelId: aggregator.id, tokens: usage.inputTokens + usage.outputTokens || estimateTokens(fused) });
      } catch (err) {
        if (stoppedOnPurpose()) {
          stopped = true;
          message = 'Answer stopped';
          if (partial.trim()) best = partial;
          byModel.push({ modelId: aggregator.id, tokens: estimateTokens(partial) });
        } else {
          if (!signal.aborted)
            logModelFailure(log, aggregator, err, controller.signal.reason instanceof ModelTimedOut ? 'timeout' : 'failed', 'aggregator');
          message = 'Fusion failed; showing the first answer';
          inFusion.clear();
        }
      } finally {
        clearTimeout(timer);
      }
      if (signal.aborted && !stoppedOnPurpose()) throw new AppError('BAD_REQUEST', { detail: 'The request was cancelled.' });
    }
  }
  return {
    response: { data: { best_output: best, supporting_output: supporting }, message },
    byModel,
    answers: toModelAnswers(proposals, inFusion),
    stopped,
  };
}
