import {
  type AgentStreamEvent,
  type AnswerResponse,
  agentStreamEventSchema,
  answerResponseSchema,
  type ChatMode,
  type RefineResponse,
  refineResponseSchema,
} from '@sangam/contracts';
import { authFetch, readError } from '@/lib/api-client';
import { AppError, errorOfResponse } from '@/lib/app-error';

/** The public client key sent as X-API-Key (identifies the web app; not a secret). */
export const CLIENT_API_KEY = 'sangam-web';

export type AgentEndpoint = 'PromptRefiner' | 'GenerateAnswer';
export type AgentResponse<E extends AgentEndpoint> = E extends 'PromptRefiner' ? RefineResponse : AnswerResponse;
export type AgentFields = {
  prompt: string;
  chatId: string;
  requestId: string;
  mode?: ChatMode;
  image?: Blob | null;
  extra?: Record<string, string>;
};

function formData({ prompt, chatId, requestId, mode, image, extra }: AgentFields) {
  const form = new FormData();
  form.append('Prompt', prompt);
  form.append('Chat_Id', chatId);
  form.append('Request_Id', requestId);
  if (mode) form.append('Mode', mode);
  if (image) form.append('image_file', image, 'food_image.jpg');
  for (const [k, v] of Object.entries(extra ?? {})) form.append(k, v);
  return form;
}

/** 'req_' + timestamp style request ids. */
export const requestId = (prefix = 'req_') => `${prefix}${Date.now()}`;

/** POST /ai/v1/agent/:endpoint with the fields as a form, as the web client (x-api-key), asking for `accept`. */
const postAgent = (endpoint: AgentEndpoint, fields: AgentFields, accept: string, signal?: AbortSignal) =>
  authFetch(`/ai/v1/agent/${endpoint}`, {
    method: 'POST',
    headers: { accept, 'x-api-key': CLIENT_API_KEY },
    body: formData(fields),
    signal,
  });

/** One JSON call (no streaming). Throws AppError on a non-2xx answer and SyntaxError on bad JSON or a wrong shape. */
export async function callAgent<E extends AgentEndpoint>(
  endpoint: E,
  fields: AgentFields,
  signal?: AbortSignal,
): Promise<AgentResponse<E>> {
  const res = await postAgent(endpoint, fields, 'application/json', signal);
  if (!res.ok) throw await readError(res);
  return parseJson(RESPONSES[endpoint], await res.text());
}

export const INVALID_JSON = 'Invalid JSON response from server';

/** A contract schema, as far as this client uses it. */
type Schema<T> = { safeParse: (value: unknown) => { success: true; data: T } | { success: false } };

/** Each endpoint's JSON answer (also the `final` event of its stream), checked against the contracts. */
const RESPONSES: { [E in AgentEndpoint]: Schema<AgentResponse<E>> } = {
  PromptRefiner: refineResponseSchema,
  GenerateAnswer: answerResponseSchema,
};

/** A value of the schema's shape, or a SyntaxError with the message the answer card shows. */
function checked<T>(schema: Schema<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SyntaxError(INVALID_JSON);
  return parsed.data;
}

/** The text as JSON, or a SyntaxError with the message the answer card shows. */
function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyntaxError(INVALID_JSON);
  }
}

/** The body as JSON of the schema's shape, or a SyntaxError with the message the answer card shows. */
const parseJson = <T>(schema: Schema<T>, text: string): T => checked(schema, readJson(text));

/** The events this client knows; others (a newer server's) are skipped. */
const EVENT_NAMES: ReadonlySet<string> = new Set(agentStreamEventSchema.options.map((o) => o.shape.event.value));

/** One event checked against the contracts: undefined for an event this client does not know. */
function parseEvent(event: string, data: string): AgentStreamEvent | undefined {
  if (!EVENT_NAMES.has(event)) return undefined;
  return checked(agentStreamEventSchema, { event, data: readJson(data) });
}

/** An SSE event with its `id:` (its index in the answer, for resuming), when the server sent one. */
export type IndexedEvent = AgentStreamEvent & { id?: number };

/**
 * Splits a Server-Sent Events byte stream into events as they arrive, each checked against the
 * contracts (a SyntaxError for bad JSON or a wrong shape).
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<IndexedEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let id: number | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        else if (line.startsWith('id:')) id = Number(line.slice(3).trim());
      }
      const parsed = data.length ? parseEvent(event, data.join('\n')) : undefined;
      if (parsed) yield { ...parsed, id: Number.isFinite(id) ? id : undefined };
      cut = buffer.indexOf('\n\n');
    }
  }
}

/**
 * The streaming call: `onEvent` sees every event the moment it arrives; resolves with the `final`
 * payload. Throws AppError when the request is refused before streaming starts.
 */
export async function streamAgent<E extends AgentEndpoint>(
  endpoint: E,
  fields: AgentFields,
  onEvent: (event: IndexedEvent) => void,
  signal?: AbortSignal,
): Promise<AgentResponse<E>> {
  const res = await postAgent(endpoint, fields, 'text/event-stream', signal);
  if (!res.ok || !res.body) throw await readError(res);
  // A server may answer in JSON instead of a stream; anything else (a proxy's HTML page) is not an answer.
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) return parseJson(RESPONSES[endpoint], await res.text());
  let final: AgentResponse<E> | undefined;
  for await (const event of readEvents(res.body)) {
    onEvent(event);
    if (event.event === 'final') final = checked(RESPONSES[endpoint], event.data);
    if (event.event === 'error') throw errorOfResponse(undefined, event.data);
  }
  if (!final) throw new AppError({ code: 'STREAM_CUT' });
  return final;
}
