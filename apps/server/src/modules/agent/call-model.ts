import type { QuestionLanguage } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import { type ChatMessage, estimateTokens, type ModelClient, type TokenUsage } from '@/lib/llm/model-client';
import { describeProviderError, ModelError } from '@/lib/llm/provider-error';
import { withAnswerLanguage } from '@/modules/agent/answer-language';
import type { ModelRegistry } from '@/modules/models/model-registry';

/** Logs a model call that failed with its cause (kind, status, provider, model id); never the prompt, a body or the key. */
export function logModelFailure(log: FastifyBaseLogger, model: ModelClient, err: unknown, outcome: 'failed' | 'timeout', role: string) {
  log.warn({ modelId: model.id, provider: model.provider, role, outcome, ...describeProviderError(err) }, 'model call failed');
}

/**
 * A text answer: streamed delta by delta to `onDelta` when someone listens, otherwise asked for in
 * one response. An empty text is a failure unless `allowEmpty` (the caller then decides).
 */
export type TextCall = {
  system: string;
  messages: ChatMessage[];
  temperature?: number;
  /** The most tokens the answer may have (the API's `max_tokens`); the model's own limit when absent. */
  maxOutputTokens?: number;
  onDelta?: (delta: string) => void;
  allowEmpty?: boolean;
};
/** A JSON object matching `schema` (structured output). */
export type ObjectCall<T> = { system: string; prompt: string; schema: ZodType<T> };

type Measured = { usage: TokenUsage; tokens: number; durationMs: number };
/**
 * One model call's outcome, a typed union (never a string match on an abort reason): `done` with its
 * value; `timeout` when the model's own time ran out; `stopped` when the caller's signal aborted it
 * (its reason tells why); `failed` otherwise. `text` is what a text call wrote, even if it failed.
 */
export type ModelOutcome<T> =
  | ({ kind: 'done'; value: T; text: string } & Measured)
  | ({ kind: 'failed' | 'timeout' | 'stopped'; error: unknown; text: string } & Measured);

/** The reason a model's own timer aborts its call. */
class ModelTimedOut extends Error {}

const isTextCall = <T>(input: TextCall | ObjectCall<T>): input is TextCall => 'messages' in input;

/** Where a call runs and, for a call of an answer, the language its prose is written in. */
export type CallOptions = {
  signal: AbortSignal;
  role: string;
  log: FastifyBaseLogger;
  breaker?: ModelRegistry['breaker'];
  /** Every call of an answer (refiner, proposers, judge, aggregator, tools) carries the answer-language instruction. */
  language?: QuestionLanguage;
};

/**
 * Calls one model under its own time limit and the caller's `signal`; never throws. A failure or a
 * time-out that the caller did not cause is logged (role, kind, provider's status; never the prompt)
 * and, given a `breaker`, counted against the model; a success closes its circuit.
 */
export function callModel(model: ModelClient, input: TextCall, options: CallOptions): Promise<ModelOutcome<string>>;
export function callModel<T>(model: ModelClient, input: ObjectCall<T>, options: CallOptions): Promise<ModelOutcome<T>>;
export async function callModel<T>(
  model: ModelClient,
  input: TextCall | ObjectCall<T>,
  { signal, role, log, breaker, language }: CallOptions,
): Promise<ModelOutcome<T | string>> {
  const system = withAnswerLanguage(input.system, language);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ModelTimedOut()), model.timeoutMs);
  const onAbort = () => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const started = Date.now();
  let text = '';
  try {
    let value: T | string;
    let usage: TokenUsage;
    if (isTextCall(input)) {
      const call = {
        system,
        messages: input.messages,
        signal: controller.signal,
        deadline: Date.now() + model.timeoutMs,
        temperature: input.temperature,
        maxOutputTokens: input.maxOutputTokens,
      };
      if (input.onDelta) {
        const result = model.stream(call);
        for await (const delta of result.textStream) {
          text += delta;
          input.onDelta(delta);
        }
        usage = await result.usage;
      } else {
        ({ text, usage } = await model.generate(call));
      }
      if (!text.trim() && !input.allowEmpty) throw new ModelError('empty answer');
      value = text;
      if (usage.inputTokens + usage.outputTokens === 0) usage = { inputTokens: 0, outputTokens: estimateTokens(text) };
    } else {
      const result = await model.object({ system, prompt: input.prompt, schema: input.schema, signal: controller.signal });
      value = result.object;
      usage = result.usage;
    }
    breaker?.success(model.id);
    return { kind: 'done', value, text, usage, tokens: usage.inputTokens + usage.outputTokens, durationMs: Date.now() - started };
  } catch (error) {
    const usage = { inputTokens: 0, outputTokens: estimateTokens(text) };
    const measured = { usage, tokens: usage.outputTokens, durationMs: Date.now() - started };
    if (signal.aborted) return { kind: 'stopped', error, text, ...measured };
    const kind = controller.signal.reason instanceof ModelTimedOut ? 'timeout' : 'failed';
    logModelFailure(log, model, error, kind, role);
    breaker?.failure(model.id);
    return { kind, error, text, ...measured };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
