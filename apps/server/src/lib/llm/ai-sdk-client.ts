import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3Usage } from '@ai-sdk/provider';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { generateObject, type Schema, zodSchema } from 'ai';
import type { ZodType } from 'zod';
import type { ChatInput, ChatMessage, ModelClient, TokenUsage } from '@/lib/llm/model-client';
import { type ModelSpec, PROVIDER_KEY_ENV } from '@/lib/llm/models-config';
import { nodeFetch } from '@/lib/llm/node-fetch';
import { generateWire, type OpenAiWire, objectWire, streamWire } from '@/lib/llm/openai-wire';
import { ModelError } from '@/lib/llm/provider-error';
import { MAX_RETRIES, withRetries } from '@/lib/llm/provider-retry';

/** SDK warnings (unsupported settings of a provider) are expected and not for stdout. */
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

function languageModel(spec: ModelSpec, env: NodeJS.ProcessEnv): LanguageModelV3 {
  const keyEnv =
    spec.apiKeyEnv ?? (spec.provider in PROVIDER_KEY_ENV ? PROVIDER_KEY_ENV[spec.provider as keyof typeof PROVIDER_KEY_ENV] : undefined);
  const apiKey = keyEnv ? env[keyEnv] : undefined;
  const opts = { apiKey, fetch: nodeFetch, ...(spec.baseURL ? { baseURL: spec.baseURL } : {}) };
  switch (spec.provider) {
    case 'openai':
      return createOpenAI(opts).chat(spec.model);
    case 'anthropic':
      return createAnthropic(opts)(spec.model);
    case 'google':
      return createGoogleGenerativeAI(opts)(spec.model);
    case 'groq':
      return createGroq(opts)(spec.model);
    case 'deepseek':
      return createDeepSeek(opts)(spec.model);
    case 'mistral':
      return createMistral(opts)(spec.model);
    case 'openrouter':
      return createOpenRouter({ apiKey, fetch: nodeFetch }).chat(spec.model) as unknown as LanguageModelV3;
    case 'openai-compatible':
      if (!spec.baseURL) throw new Error(`model ${spec.id}: openai-compatible needs baseURL`);
      return createOpenAICompatible({ name: spec.id, baseURL: spec.baseURL, apiKey, includeUsage: true, fetch: nodeFetch }).chatModel(
        spec.model,
      );
    case 'local':
      throw new Error('local models are served by the llama.cpp client');
  }
}

/** Our messages as the provider specification's prompt (what `streamText` would hand the provider). */
const toPrompt = (system: string, messages: ChatMessage[]): LanguageModelV3Prompt => [
  { role: 'system', content: system },
  ...messages.map((m): LanguageModelV3Prompt[number] => {
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    if (m.role === 'assistant')
      return { role: 'assistant', content: [{ type: 'text', text: parts.map((p) => (p.type === 'text' ? p.text : '')).join('') }] };
    return {
      role: 'user',
      content: parts.map((p) => (p.type === 'text' ? p : { type: 'file' as const, data: p.image, mediaType: p.mediaType })),
    };
  }),
];

/**
 * Streams one answer by calling the provider model's `doStream` directly: the same provider code
 * and wire format as `streamText`, without its multi-step pipeline of web streams, which cost about
 * 4 ms of CPU per call on this kind of machine (bench/engine-overhead.mjs). Retries follow the
 * SDK's rules (provider-retry.ts); a failure in the stream ends it with that error.
 */
function streamAnswer(model: LanguageModelV3, { system, messages, signal, deadline, temperature, maxOutputTokens }: ChatInput) {
  let usage: TokenUsage = NO_USAGE;
  let settle: (u: TokenUsage) => void = () => {};
  const done = new Promise<TokenUsage>((resolve) => {
    settle = resolve;
  });
  async function* text() {
    try {
      const { stream } = await withRetries(
        () => model.doStream({ prompt: toPrompt(system, messages), abortSignal: signal, temperature, maxOutputTokens }),
        signal,
        { deadline },
      );
      for await (const part of stream) {
        if (part.type === 'text-delta') {
          if (part.delta) yield part.delta;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'finish') {
          usage = tokenUsage(part.usage);
          if (part.finishReason.unified === 'error') throw new ModelError('the model stopped with an error');
        }
      }
    } finally {
      settle(usage);
    }
  }
  return { textStream: text(), usage: done };
}

/**
 * The whole answer from the provider's `doGenerate`: one JSON response instead of a stream, which
 * costs about a third of the CPU (no web-stream pipeline; bench/engine-overhead.mjs).
 */
async function generateText(model: LanguageModelV3, { system, messages, signal, deadline, temperature, maxOutputTokens }: ChatInput) {
  const result = await withRetries(
    () => model.doGenerate({ prompt: toPrompt(system, messages), abortSignal: signal, temperature, maxOutputTokens }),
    signal,
    { deadline },
  );
  if (result.finishReason.unified === 'error') throw new ModelError('the model stopped with an error');
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { text, usage: tokenUsage(result.usage) };
}

const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };
const tokenUsage = (u: LanguageModelV3Usage): TokenUsage => ({
  inputTokens: u.inputTokens.total ?? 0,
  outputTokens: u.outputTokens.total ?? 0,
});

const usageOf = (u: { inputTokens?: number; outputTokens?: number } | undefined): TokenUsage => ({
  inputTokens: u?.inputTokens ?? 0,
  outputTokens: u?.outputTokens ?? 0,
});

/**
 * Each zod schema of a structured call as the SDK's schema, made once: given the zod schema itself,
 * `generateObject` converts it to JSON Schema again on every call (about 1 ms for the judge's).
 * The same conversion and the same validation (zod's), only not repeated.
 */
const sdkSchemas = new WeakMap<ZodType, Schema<unknown>>();
function sdkSchemaOf<T>(schema: ZodType<T>): Schema<T> {
  let made = sdkSchemas.get(schema);
  if (!made) {
    made = zodSchema(schema) as Schema<unknown>;
    sdkSchemas.set(schema, made);
  }
  return made as Schema<T>;
}

/**
 * An OpenAI-compatible server's answers, text and JSON objects (the judge's), are read off the wire
 * directly (openai-wire.ts): the same request and outcomes as the SDK's provider, without its web
 * streams, response schemas and Response objects per call, which cost more than the rest of an
 * answer's path (issue 22's bench).
 */
function openAiWire(spec: ModelSpec, env: NodeJS.ProcessEnv): OpenAiWire | undefined {
  if (spec.provider !== 'openai-compatible' || !spec.baseURL) return undefined;
  const apiKey = spec.apiKeyEnv ? env[spec.apiKeyEnv] : undefined;
  return { baseURL: spec.baseURL, model: spec.model, ...(apiKey ? { apiKey } : {}) };
}

/** A model served through the Vercel AI SDK provider of its vendor (its text over the wire for an OpenAI-compatible server). */
export function createAiSdkClient(spec: ModelSpec, env: NodeJS.ProcessEnv): ModelClient {
  const model = languageModel(spec, env);
  const wire = openAiWire(spec, env);
  return {
    id: spec.id,
    name: spec.name,
    provider: spec.provider,
    vision: spec.vision,
    timeoutMs: spec.timeoutMs,
    roles: spec.roles,
    samples: spec.samples,
    temperature: spec.temperature,
    price: spec.price,
    stream: (input) => (wire ? streamWire(wire, input) : streamAnswer(model, input)),
    generate: (input) => (wire ? generateWire(wire, input) : generateText(model, input)),
    object: async ({ system, prompt, schema, signal }) => {
      if (wire) return objectWire(wire, { system, prompt, schema, signal });
      const res = await generateObject({
        model,
        system,
        prompt,
        schema: sdkSchemaOf(schema),
        abortSignal: signal,
        maxRetries: MAX_RETRIES,
      });
      return { object: res.object, usage: usageOf(res.usage) };
    },
  };
}
