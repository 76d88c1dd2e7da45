import type { ChatMode } from '@sangam/contracts';
import { messagePath } from '@/features/chat/api/chat-keys';
import { CLIENT_API_KEY, type IndexedEvent, readEvents, requestId, streamAgent } from '@/lib/agent-client';
import { authFetch, readError } from '@/lib/api-client';

export type AskFields = {
  chatId: string;
  prompt: string;
  mode: ChatMode;
  /** What the user typed, when they chose a refined prompt instead. */
  question?: string;
  /** The message the question follows ('root' for a new first question). */
  parentId?: string;
  /** Answer this assistant message's question again, as a sibling. */
  regenerateId?: string;
};

/** POST /ai/v1/agent/GenerateAnswer as a stream: only the new message; the server reads the history. */
export function askStream(fields: AskFields, onEvent: (e: IndexedEvent) => void, signal: AbortSignal) {
  const extra: Record<string, string> = {};
  if (fields.question && fields.question !== fields.prompt) extra.Original_Prompt = fields.question;
  if (fields.parentId) extra.Parent_Id = fields.parentId;
  if (fields.regenerateId) extra.Regenerate_Id = fields.regenerateId;
  return streamAgent(
    'GenerateAnswer',
    { prompt: fields.prompt, chatId: fields.chatId, requestId: requestId(), mode: fields.mode, extra },
    onEvent,
    signal,
  );
}

/** GET .../messages/:messageId/stream?after=N: replays an answer from event N, then follows it live until `final`. */
export async function resumeStream(
  { chatId, messageId, after }: { chatId: string; messageId: string; after: number },
  onEvent: (e: IndexedEvent) => void,
  signal: AbortSignal,
) {
  const res = await authFetch(messagePath({ chatId, messageId }, `/stream?after=${after}`), {
    headers: { accept: 'text/event-stream', 'x-api-key': CLIENT_API_KEY },
    signal,
  });
  if (!res.ok || !res.body) throw await readError(res);
  for await (const event of readEvents(res.body)) {
    onEvent(event);
    if (event.event === 'final' || event.event === 'error') return;
  }
}
