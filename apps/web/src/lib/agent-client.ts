import type { AgentStreamEvent, AnswerResponse, ChatMode, RefineResponse } from '@sangam/contracts';
import { authFetch, readError } from '@/lib/api-client';
import { AppError, errorOfResponse } from '@/lib/app-error';

/** The public client key sent as X-API-Key (identifies the web app; not a secret). */
export const CLIENT_API_KEY = 'sangam-web';

export type AgentEndpoint = 'PromptRefiner' | 'GenerateAnswer';
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

/** One JSON call (no streaming). Throws AppError on a non-2xx answer and SyntaxError on bad JSON. */
export async function callAgent<T extends AnswerResponse | RefineResponse>(
  endpoint: AgentEndpoint,
  fields: AgentFields,
  signal?: AbortSignal,
): Promise<T> {
  const res = await authFetch(`/ai/v1/agent/${endpoint}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-api-key': CLIENT_API_KEY },
    body: formData(fields),
    signal,
  });
  if (!res.ok) throw await readError(res);
  return parseJson<T>(await res.text());
}

export const INVALID_JSON = 'Invalid JSON response from server';

/** The body as JSON, or a SyntaxError with the message the answer card shows. */
function parseJson<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SyntaxError(INVALID_JSON);
  }
}

/** An SSE event with its `id:` (its index in the answer, for resuming), when the server sent one. */
export type IndexedEvent = AgentStreamEvent & { id?: number };

/** Splits a Server-Sent Events byte stream into events as they arrive. */
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
      if (data.length) yield { event, data: JSON.parse(data.join('\n')), id: Number.isFinite(id) ? id : undefined } as IndexedEvent;
      cut = buffer.indexOf('\n\n');
    }
  }
}

/**
 * The streaming call: `onEvent` sees every event the moment it arrives; resolves with the `final`
 * payload. Throws AppError when the request is refused before streaming starts.
 */
export async function streamAgent<T extends AnswerResponse | RefineResponse>(
  endpoint: AgentEndpoint,
  fields: AgentFields,
  onEvent: (event: IndexedEvent) => void,
  signal?: AbortSignal,
): Promise<T> {
  const res = await authFetch(`/ai/v1/agent/${endpoint}`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'x-api-key': CLIENT_API_KEY },
    body: formData(fields),
    signal,
  });
  if (!res.ok || !res.body) throw await readError(res);
  // A server may answer in JSON instead of a stream; anything else (a proxy's HTML page) is not an answer.
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) return parseJson<T>(await res.text());
  let final: T | undefined;
  for await (const event of readEvents(res.body)) {
    onEvent(event);
    if (event.event === 'final') final = event.data as T;
    if (event.event === 'error') throw errorOfResponse(undefined, event.data);
  }
  if (!final) throw new AppError({ code: 'STREAM_CUT' });
  return final;
}
