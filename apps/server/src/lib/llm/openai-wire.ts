import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { APICallError } from '@ai-sdk/provider';
import type { ZodType } from 'zod';
import type { ChatInput, ChatMessage, StreamResult, TokenUsage } from '@/lib/llm/model-client';
import { agents, DEPTH_HEADER, decoded, flatHeaders, readBytes } from '@/lib/llm/node-fetch';
import { ModelError } from '@/lib/llm/provider-error';
import { withRetries } from '@/lib/llm/provider-retry';

/** Where an OpenAI-compatible model answers: its base URL (…/v1), key and model name. */
export type OpenAiWire = { baseURL: string; apiKey?: string; model: string };

type WirePart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
type WireMessage = { role: 'system' | 'user' | 'assistant'; content: string | WirePart[] };

/**
 * Our messages in the Chat Completions shape, as the AI SDK's OpenAI-compatible provider writes them:
 * the system prompt first (left out when empty), a text-only turn as a string, an image as a data URL.
 */
export function wireMessages(system: string, messages: ChatMessage[]): WireMessage[] {
  const out: WireMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (typeof m.content === 'string') out.push({ role: m.role, content: m.content });
    else if (m.role === 'assistant')
      out.push({ role: 'assistant', content: m.content.map((p) => (p.type === 'text' ? p.text : '')).join('') });
    else if (m.content.length === 1 && m.content[0]?.type === 'text') out.push({ role: 'user', content: m.content[0].text });
    else
      out.push({
        role: 'user',
        content: m.content.map(
          (p): WirePart =>
            p.type === 'text'
              ? p
              : { type: 'image_url', image_url: { url: `data:${p.mediaType};base64,${Buffer.from(p.image).toString('base64')}` } },
        ),
      });
  }
  return out;
}

/** The Chat Completions request: streamed (with usage), whole, or whole as a JSON object (`json`). */
const requestBody = (
  wire: OpenAiWire,
  input: Pick<ChatInput, 'system' | 'messages' | 'maxOutputTokens' | 'temperature'>,
  as: 'stream' | 'whole' | 'json',
) =>
  JSON.stringify({
    model: wire.model,
    messages: wireMessages(input.system, input.messages),
    ...(input.maxOutputTokens === undefined ? {} : { max_tokens: input.maxOutputTokens }),
    ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
    ...(as === 'stream' ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...(as === 'json' ? { response_format: { type: 'json_object' } } : {}),
  });

/** The AI SDK's rule: a time-out, a conflict, a rate limit and any 5xx are worth another try. */
const retryable = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

const readAll = async (body: Readable) => (await readBytes(body)).toString('utf8');

/**
 * POSTs a request to `{baseURL}/chat/completions` over the keep-alive agents and resolves with the
 * (decompressed) body once a 2xx head arrives. A refusal is an APICallError carrying the status,
 * headers (Retry-After) and the provider's message, as the AI SDK throws it, so retries, logging and
 * outcomes stay the same; a network failure is a retryable one.
 */
function post(wire: OpenAiWire, body: string, signal: AbortSignal): Promise<Readable> {
  const url = new URL(`${wire.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const transport = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    [DEPTH_HEADER]: '1',
    ...(wire.apiKey ? { authorization: `Bearer ${wire.apiKey}` } : {}),
  };
  return new Promise<Readable>((resolve, reject) => {
    const fail = (cause: Error) =>
      reject(
        cause.name === 'AbortError'
          ? cause
          : new APICallError({ message: 'Cannot connect to the model', url: url.href, requestBodyValues: {}, cause, isRetryable: true }),
      );
    const req = transport.request(url, { method: 'POST', headers, agent, signal }, (res) => {
      const status = res.statusCode ?? 502;
      const stream = decoded(res);
      if (status >= 200 && status < 300) return resolve(stream);
      readAll(stream).then((text) => {
        let message = res.statusMessage || `HTTP ${status}`;
        try {
          const said = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
          if (typeof said === 'string') message = said;
        } catch {}
        reject(
          new APICallError({
            message,
            url: url.href,
            requestBodyValues: {},
            statusCode: status,
            responseHeaders: flatHeaders(res),
            responseBody: text,
            isRetryable: retryable(status),
          }),
        );
      }, fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

type Usage = { prompt_tokens?: number; completion_tokens?: number } | null | undefined;
const usageOf = (u: Usage): TokenUsage => ({ inputTokens: u?.prompt_tokens ?? 0, outputTokens: u?.completion_tokens ?? 0 });
const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

const parse = <T>(text: string, what: string): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ModelError(`the model sent ${what} that is not JSON`);
  }
};
/** An error object in a 200 answer or in the stream (some servers report failures so). */
const refusal = (value: { error?: { message?: unknown } }) =>
  value.error ? new ModelError(typeof value.error.message === 'string' ? 'the model reported an error' : 'the model failed') : undefined;

/** The whole answer in one JSON response. */
export function generateWire(wire: OpenAiWire, input: ChatInput): Promise<{ text: string; usage: TokenUsage }> {
  return wholeAnswer(wire, requestBody(wire, input, 'whole'), input.signal, input.deadline);
}

/** POSTs `body` (retrying as the SDK does) and reads the first choice's text and the usage of the JSON response. */
async function wholeAnswer(
  wire: OpenAiWire,
  body: string,
  signal: AbortSignal,
  deadline?: number,
): Promise<{ text: string; usage: TokenUsage }> {
  const text = await withRetries(async () => readAll(await post(wire, body, signal)), signal, { deadline });
  const answer = parse<{ choices?: Array<{ message?: { content?: unknown } }>; usage?: Usage; error?: { message?: unknown } }>(
    text,
    'an answer',
  );
  const failed = refusal(answer);
  if (failed) throw failed;
  if (!Array.isArray(answer.choices)) throw new ModelError('the model’s answer has no choices');
  const content = answer.choices[0]?.message?.content;
  return { text: typeof content === 'string' ? content : '', usage: usageOf(answer.usage) };
}

/**
 * A JSON object checked against `schema`, asked for as the AI SDK's `generateObject` asks an
 * OpenAI-compatible server (the system prompt and the prompt, `response_format: json_object`), and
 * refused as it refuses one: an answer that is not JSON, or not of the schema's shape, fails the call.
 */
export async function objectWire<T>(
  wire: OpenAiWire,
  { system, prompt, schema, signal }: { system: string; prompt: string; schema: ZodType<T>; signal: AbortSignal },
): Promise<{ object: T; usage: TokenUsage }> {
  const body = requestBody(wire, { system, messages: [{ role: 'user', content: prompt }] }, 'json');
  const { text, usage } = await wholeAnswer(wire, body, signal);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ModelError('the model’s object is not JSON');
  }
  const checked = schema.safeParse(value);
  if (!checked.success) throw new ModelError('the model’s object does not match the schema');
  return { object: checked.data, usage };
}

/**
 * The `data:` payloads of a Server-Sent Events body, one per event (multi-line data joined by a
 * newline); comments and other fields are skipped. Text is decoded across chunk boundaries.
 */
export async function* sseData(body: Readable): AsyncGenerator<string> {
  body.setEncoding('utf8');
  let rest = '';
  let data: string[] = [];
  for await (const chunk of body as AsyncIterable<string>) {
    const text = rest + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl >= 0; nl = text.indexOf('\n', start)) {
      const line = text.charCodeAt(nl - 1) === 13 && nl > start ? text.slice(start, nl - 1) : text.slice(start, nl);
      start = nl + 1;
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
    }
    rest = text.slice(start);
  }
  if (rest.startsWith('data:')) data.push(rest.slice(rest.charCodeAt(5) === 32 ? 6 : 5));
  if (data.length) yield data.join('\n');
}

type Chunk = { choices?: Array<{ delta?: { content?: unknown } }>; usage?: Usage; error?: { message?: unknown } };

/**
 * Streams one answer: text deltas as they arrive, the usage of the last chunk (asked for with
 * `stream_options.include_usage`). The request is retried until its head arrives, as the AI SDK
 * does; an error in the stream ends it with that error. After `[DONE]` the body is read to its end,
 * so that the connection goes back to the agent for the next call.
 */
export function streamWire(wire: OpenAiWire, input: ChatInput): StreamResult {
  let usage = NO_USAGE;
  let settle: (u: TokenUsage) => void = () => {};
  const done = new Promise<TokenUsage>((resolve) => {
    settle = resolve;
  });
  async function* text() {
    try {
      const body = await withRetries(() => post(wire, requestBody(wire, input, 'stream'), input.signal), input.signal, {
        deadline: input.deadline,
      });
      let finished = false;
      for await (const data of sseData(body)) {
        if (finished) continue;
        if (data === '[DONE]') {
          finished = true;
          continue;
        }
        const chunk = parse<Chunk>(data, 'a stream chunk');
        const failed = refusal(chunk);
        if (failed) throw failed;
        const delta = chunk.choices?.[0]?.delta?.content;
        if (typeof delta === 'string' && delta) yield delta;
        if (chunk.usage) usage = usageOf(chunk.usage);
      }
    } finally {
      settle(usage);
    }
  }
  return { textStream: text(), usage: done };
}
