import type { AgentStreamEvent, AnswerResponse, SupportingAnswer } from '@sangam/contracts';
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
export type Proposal = {
  model: ModelClient;
  status: 'pending' | 'streaming' | 'done' | 'failed' | 'timeout';
  text: string;
  error?: string;
  tokens: number;
};

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

/** One proposer: its own timeout and AbortController, a small state machine; failure never throws. */
async function runProposal(p: Proposal, input: ChatInput, log: FastifyBaseLogger, emit?: Emit) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), p.model.timeoutMs);
  const onAbort = () => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', onAbort, { once: true });
  const model = { model: p.model.id, name: p.model.name };
  emit?.({ event: 'model-start', data: model });
  try {
    p.status = 'streaming';
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
    p.tokens = usage.inputTokens + usage.outputTokens || estimateTokens(text);
    p.status = 'done';
    emit?.({ event: 'model-end', data: { ...model, text } });
  } catch (err) {
    const timedOut = controller.signal.reason instanceof Error && controller.signal.reason.message === 'timeout' && !input.signal.aborted;
    p.status = timedOut ? 'timeout' : 'failed';
    p.error = timedOut
      ? `${p.model.name} did not answer within ${Math.round(p.model.timeoutMs / 1000)} s.`
      : `${p.model.name} failed to answer.`;
    p.tokens = estimateTokens(p.text);
    emit?.({
      event: 'model-error',
      data: { ...model, code: p.status === 'timeout' ? 'MODEL_TIMEOUT' : 'MODEL_FAILED', detail: p.error },
    });
    if (!input.signal.aborted) logModelFailure(log, p.model, err, p.status, 'proposer');
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Mixture-of-agents: every proposer answers in parallel, then the aggregator writes best_output from
 * the question and the numbered answers. One success means no fusion call; none means 502.
 */
export async function generateAnswer({
  registry,
  system,
  question,
  history,
  image,
  signal,
  emit,
  log,
}: {
  registry: ModelRegistry;
  system: string;
  question: string;
  history: HistoryTurn[];
  image?: { data: Buffer; mediaType: string };
  signal: AbortSignal;
  /** Receives the stream of events; without it every model answers in one response. */
  emit?: Emit;
  /** Where model failures are logged (the request's logger). */
  log: FastifyBaseLogger;
}): Promise<{ response: AnswerResponse; byModel: ModelTokens[] }> {
  const models = registry.proposers({ needsVision: Boolean(image) });
  const messages: ChatMessage[] = [...history.map((h) => ({ role: h.role, content: h.content })), userMessage(question, image)];
  const proposals: Proposal[] = models.map((model) => ({ model, status: 'pending', text: '', tokens: 0 }));
  await Promise.all(
    proposals.map(async (p) => {
      if (!registry.breaker.canCall(p.model.id)) {
        p.status = 'failed';
        p.error = `${p.model.name} is temporarily unavailable after repeated failures.`;
        emit?.({ event: 'model-error', data: { model: p.model.id, name: p.model.name, code: 'MODEL_CIRCUIT_OPEN', detail: p.error } });
        return;
      }
      await runProposal(p, { system, messages, signal }, log, emit);
      if (signal.aborted) return;
      if (p.status === 'done') registry.breaker.success(p.model.id);
      else registry.breaker.failure(p.model.id);
    }),
  );
  if (signal.aborted) throw new AppError('BAD_REQUEST', { detail: 'The request was cancelled.' });

  const ok = proposals.filter((p) => p.status === 'done');
  if (ok.length === 0) throw new AppError('ALL_MODELS_FAILED');
  const supporting: Record<string, SupportingAnswer> = {};
  for (const p of proposals)
    supporting[p.model.name] = p.status === 'done' ? p.text : { error: p.error, status: p.status === 'timeout' ? 'timeout' : 'failed' };
  const byModel: ModelTokens[] = proposals.filter((p) => p.tokens > 0).map((p) => ({ modelId: p.model.id, tokens: p.tokens }));

  let best = ok[0]?.text ?? '';
  let message = ok.length === 1 ? 'Answered by one model' : 'Fused answer';
  if (ok.length > 1) {
    const aggregator = registry.aggregator();
    if (aggregator) {
      emit?.({ event: 'fusion-start', data: { model: aggregator.id, name: aggregator.name } });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('timeout')), aggregator.timeoutMs);
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
          emit && ((delta) => emit({ event: 'fusion-delta', data: { delta } })),
        );
        if (fused.trim()) best = fused;
        byModel.push({ modelId: aggregator.id, tokens: usage.inputTokens + usage.outputTokens || estimateTokens(fused) });
      } catch (err) {
        if (!signal.aborted) logModelFailure(log, aggregator, err, controller.signal.aborted ? 'timeout' : 'failed', 'aggregator');
        message = 'Fusion failed; showing the first answer';
      } finally {
        clearTimeout(timer);
      }
    }
  }
  return { response: { data: { best_output: best, supporting_output: supporting }, message }, byModel };
}
