/** What the engine needs of any model, whatever runs it (AI SDK provider or the local llama.cpp). */
export type ChatPart = { type: 'text'; text: string } | { type: 'image'; image: Uint8Array; mediaType: string };
export type ChatMessage = { role: 'user' | 'assistant'; content: string | ChatPart[] };
export type TokenUsage = { inputTokens: number; outputTokens: number };

/**
 * `deadline` (epoch ms): when the model's time is up; no retry waits past it. `temperature` (0..2):
 * the sampling temperature, the provider's default when absent. `maxOutputTokens`: the most tokens
 * the answer may have (the API's `max_tokens`), the model's own limit when absent.
 */
export type ChatInput = {
  system: string;
  messages: ChatMessage[];
  signal: AbortSignal;
  deadline?: number;
  temperature?: number;
  maxOutputTokens?: number;
};
export type StreamResult = { textStream: AsyncIterable<string>; usage: Promise<TokenUsage> };

export type ModelClient = {
  id: string;
  name: string;
  provider: string;
  vision: boolean;
  timeoutMs: number;
  roles: readonly string[];
  /** Proposer calls per answer (`samples` of the models file; 1 by default). */
  samples?: number;
  /** The temperature of its proposer calls (`temperature` of the models file). */
  temperature?: number;
  /** Price per million tokens (`price` of the models file); absent: its cost is unknown. */
  price?: { input: number; output: number; currency: 'INR' | 'USD' };
  /** Streams text; aborting the signal stops the provider call. */
  stream: (input: ChatInput) => StreamResult;
  /** The whole answer in one response, for callers that show nothing until it is complete. */
  generate: (input: ChatInput) => Promise<{ text: string; usage: TokenUsage }>;
  /** A JSON object matching `schema` (structured output). */
  object: <T>(input: {
    system: string;
    prompt: string;
    schema: import('zod').ZodType<T>;
    signal: AbortSignal;
  }) => Promise<{ object: T; usage: TokenUsage }>;
};

/** A whole answer read from a stream (for a model that can only stream). */
export async function collect(result: StreamResult) {
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return { text, usage: await result.usage };
}

/** Rough token estimate when a provider reports no usage (about 4 characters a token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);
