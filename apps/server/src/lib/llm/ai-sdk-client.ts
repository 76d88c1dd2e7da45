import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { generateObject, type LanguageModel, type ModelMessage, streamText } from 'ai';
import type { ChatMessage, ModelClient, TokenUsage } from '@/lib/llm/model-client';
import { type ModelSpec, PROVIDER_KEY_ENV } from '@/modules/models/models.config';

/** SDK warnings (unsupported settings of a provider) are expected and not for stdout. */
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/**
 * Retries: the AI SDK retries only retryable failures (429, 5xx, network) with exponential backoff that
 * honours Retry-After; never other 4xx. Bounded to two retries inside each model's own time-out.
 */
const MAX_RETRIES = 2;

function languageModel(spec: ModelSpec, env: NodeJS.ProcessEnv): LanguageModel {
  const keyEnv =
    spec.apiKeyEnv ?? (spec.provider in PROVIDER_KEY_ENV ? PROVIDER_KEY_ENV[spec.provider as keyof typeof PROVIDER_KEY_ENV] : undefined);
  const apiKey = keyEnv ? env[keyEnv] : undefined;
  const opts = { apiKey, ...(spec.baseURL ? { baseURL: spec.baseURL } : {}) };
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
      return createOpenRouter({ apiKey }).chat(spec.model) as unknown as LanguageModel;
    case 'openai-compatible':
      if (!spec.baseURL) throw new Error(`model ${spec.id}: openai-compatible needs baseURL`);
      return createOpenAICompatible({ name: spec.id, baseURL: spec.baseURL, apiKey, includeUsage: true }).chatModel(spec.model);
    case 'local':
      throw new Error('local models are served by the llama.cpp client');
  }
}

const toModelMessages = (messages: ChatMessage[]): ModelMessage[] =>
  messages.map((m) =>
    m.role === 'assistant'
      ? {
          role: 'assistant',
          content: typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join(''),
        }
      : {
          role: 'user',
          content:
            typeof m.content === 'string'
              ? m.content
              : m.content.map((p) => (p.type === 'text' ? p : { type: 'image' as const, image: p.image, mediaType: p.mediaType })),
        },
  );

const usageOf = (u: { inputTokens?: number; outputTokens?: number } | undefined): TokenUsage => ({
  inputTokens: u?.inputTokens ?? 0,
  outputTokens: u?.outputTokens ?? 0,
});

/** A model served through the Vercel AI SDK provider of its vendor. */
export function createAiSdkClient(spec: ModelSpec, env: NodeJS.ProcessEnv): ModelClient {
  const model = languageModel(spec, env);
  return {
    id: spec.id,
    name: spec.name,
    provider: spec.provider,
    vision: spec.vision,
    timeoutMs: spec.timeoutMs,
    roles: spec.roles,
    stream: ({ system, messages, signal }) => {
      let failure: unknown;
      const result = streamText({
        model,
        system,
        messages: toModelMessages(messages),
        abortSignal: signal,
        maxRetries: MAX_RETRIES,
        onError: ({ error }) => {
          failure = error;
        },
      });
      async function* text() {
        for await (const delta of result.textStream) yield delta;
        if (failure) throw failure;
      }
      return { textStream: text(), usage: Promise.resolve(result.usage).then(usageOf, () => usageOf(undefined)) };
    },
    object: async ({ system, prompt, schema, signal }) => {
      const res = await generateObject({ model, system, prompt, schema, abortSignal: signal, maxRetries: MAX_RETRIES });
      return { object: res.object, usage: usageOf(res.usage) };
    },
  };
}
