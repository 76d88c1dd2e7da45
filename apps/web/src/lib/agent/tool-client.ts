import type { AgentStreamEvent } from '@sangam/contracts';
import { CLIENT_API_KEY, readEvents } from '@/lib/agent-client';
import { authFetch } from '@/lib/api-client';
import { AppError, errorOfResponse, toAppError } from '@/lib/app-error';

/** One tool request: the prompt with its tool prefix, the Request_Id prefix and an optional photo. */
export type ToolRequest = { prompt: string; requestIdPrefix: string; image?: Blob | null };

/**
 * What a finished tool answer holds: the text (undefined when the server gave none: `isBlank` when it
 * gave an empty or blank one) and the computed facts.
 */
export type ToolResult = { text: string | undefined; facts: unknown; isBlank?: boolean };

/** The reading order of docs/spec-rules.md §7 for tools: data.best_output, data.output, best_output, output. */
export function readToolOutput(json: unknown): string | undefined {
  const j = (json ?? {}) as { data?: { best_output?: unknown; output?: unknown }; best_output?: unknown; output?: unknown };
  const value = [j.data?.best_output, j.data?.output, j.best_output, j.output].find((v) => typeof v === 'string' && v.trim());
  return typeof value === 'string' ? value : undefined;
}

function resultOf(json: unknown): ToolResult {
  const j = (json ?? {}) as {
    data?: { best_output?: unknown; output?: unknown; facts?: unknown };
    best_output?: unknown;
    output?: unknown;
  };
  const text = readToolOutput(json);
  const isBlank = text === undefined && [j.data?.best_output, j.data?.output, j.best_output, j.output].some((v) => typeof v === 'string');
  return { text, facts: j.data?.facts, isBlank };
}

/** A fresh Request_Id per attempt: the prefix, the time and a random tail (books asked in the same millisecond differ). */
export const toolRequestId = (prefix: string) => `${prefix}${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;

function formOf({ prompt, requestIdPrefix, image }: ToolRequest) {
  const form = new FormData();
  form.append('Prompt', prompt);
  // A random short string: tool answers are not kept in a chat.
  form.append('Chat_Id', Math.random().toString(36).slice(2, 10));
  form.append('Request_Id', toolRequestId(requestIdPrefix));
  if (image) form.append('image_file', image, 'food_image.jpg');
  return form;
}

/**
 * The one client of every tool: POST /ai/v1/agent/GenerateAnswer as Server-Sent Events. `onEvent`
 * sees each event the moment it arrives (the answer streams in); resolves with the final answer.
 * Every failure (refused before streaming, an `error` event, a cut stream, the network) rejects
 * with an AppError.
 */
export async function streamTool(request: ToolRequest, onEvent: (e: AgentStreamEvent) => void, signal?: AbortSignal): Promise<ToolResult> {
  let res: Response;
  try {
    res = await authFetch('/ai/v1/agent/GenerateAnswer', {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'x-api-key': CLIENT_API_KEY },
      body: formOf(request),
      signal,
    });
  } catch (err) {
    throw toAppError(err);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw errorOfResponse(res.status, body, res.headers.get('retry-after'));
  }
  const type = res.headers.get('content-type') ?? '';
  // A server may answer in JSON instead of a stream; anything else (a proxy's HTML page) is not an answer.
  if (!type.includes('text/event-stream') || !res.body) {
    const text = await res.text().catch(() => '');
    try {
      return resultOf(JSON.parse(text));
    } catch {
      throw new AppError({ code: 'INVALID_RESPONSE' });
    }
  }
  try {
    for await (const event of readEvents(res.body)) {
      if (event.event === 'error') throw errorOfResponse(undefined, event.data);
      onEvent(event);
      if (event.event === 'final') return resultOf(event.data);
    }
  } catch (err) {
    throw toAppError(err);
  }
  throw new AppError({ code: 'STREAM_CUT' });
}

/**
 * The photo to send: the picked file itself (a File is a Blob). An empty or unreadable file is
 * dropped and the request still goes, without it (docs/spec-rules.md §4).
 */
export function imageFromFile(file: File | null): Blob | null {
  if (!file) return null;
  if (file.size === 0) {
    console.error('The picked image is empty; sending without it');
    return null;
  }
  return file;
}
