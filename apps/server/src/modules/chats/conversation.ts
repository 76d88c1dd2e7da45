import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import { type ChatHead, findChatHead } from '@/modules/chats/chats.queries';
import { chatMessages, findByRequest, type MessageRow, pathTo, questionImage, type StoredImage } from '@/modules/chats/message-tree';

/** A turn of the conversation as the models read it. */
export type HistoryTurn = { role: 'user' | 'assistant'; content: string };

/** The history sent to the models: at most this many turns and characters (the most recent ones). */
const HISTORY_MAX_TURNS = 40;
const HISTORY_MAX_CHARS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only a UUID names a chat the server keeps; any other Chat_Id (the tools' short random strings) keeps nothing. */
export const isChatId = (id: string) => UUID.test(id);

/** A row's path as model history: the prompt that was sent for a question, the fused answer for an answer. */
export function historyOf(path: MessageRow[]): HistoryTurn[] {
  const turns: HistoryTurn[] = path
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content.trim()))
    .map((m) => ({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      content: m.role === 'user' ? (m.refinedPrompt ?? m.content) : m.content,
    }));
  const out: HistoryTurn[] = [];
  let chars = 0;
  for (const t of turns.reverse()) {
    if (out.length >= HISTORY_MAX_TURNS || chars + t.content.length > HISTORY_MAX_CHARS) break;
    chars += t.content.length;
    out.unshift(t);
  }
  // Models expect a conversation to start with the user.
  while (out[0]?.role === 'assistant') out.shift();
  return out;
}

/** The fields of a request that name where it is asked (an answer's, the refiner's or an estimate's). */
export type ConversationInput = {
  Chat_Id: string;
  Prompt: string;
  /** Given for an answer: a retried Request_Id finds the answer it stored. */
  Request_Id?: string;
  Parent_Id?: string;
  Regenerate_Id?: string;
  /** The history a caller without a kept chat sends along. */
  history?: HistoryTurn[];
};

export type Conversation = {
  /** The Chat_Id names a chat the server keeps (which may not exist yet). */
  inChat: boolean;
  chat?: ChatHead;
  /** The answer this Request_Id already stored in the chat (a retried request): nothing else was read. */
  answered?: MessageRow;
  /** The prompt to answer: the request's, or the regenerated question's as it was sent. */
  question: string;
  history: HistoryTurn[];
  /** The message the new question hangs under (null: the root). */
  parentId: string | null;
  /** Regenerating: the question answered again. */
  questionId?: string;
  /** Regenerating: the question's image as it was stored. */
  storedImage?: StoredImage;
};

/**
 * Where a request is asked, read once: the chat of the user (404 CHAT_NOT_FOUND for another user's,
 * or, with `lenient`, as if there were none), the history of the path the answer continues, the
 * parent it hangs under, the regenerate target (404 MESSAGE_NOT_FOUND unless an answer of a question
 * of this chat) and that question's stored image. A fresh chat has no history; any other Chat_Id
 * keeps the history the request sent.
 */
export async function conversationFor(
  db: Db,
  { userId, input, lenient = false }: { userId: string; input: ConversationInput; lenient?: boolean },
): Promise<Conversation> {
  const inChat = isChatId(input.Chat_Id);
  const outside = { inChat, question: input.Prompt, parentId: null };
  if (!inChat) return { ...outside, history: input.history ?? [] };
  // One read tells a chat of the user from another user's and from a fresh id.
  const found = await findChatHead(db, input.Chat_Id);
  if (found && found.userId !== userId) {
    if (lenient) return { ...outside, history: [] };
    throw new AppError('CHAT_NOT_FOUND');
  }
  const chat = found;
  if (!chat) {
    if (input.Parent_Id || input.Regenerate_Id) throw new AppError('MESSAGE_NOT_FOUND');
    return { ...outside, history: [] };
  }
  if (input.Request_Id) {
    const answered = await findByRequest(db, { chatId: chat.id, requestId: input.Request_Id });
    if (answered) return { ...outside, chat, answered, history: [] };
  }
  const rows = await chatMessages(db, chat.id);
  const byId = new Map(rows.map((m) => [m.id, m]));
  if (input.Regenerate_Id) {
    const target = byId.get(input.Regenerate_Id);
    const asked = target?.parentId ? byId.get(target.parentId) : undefined;
    if (target?.role !== 'assistant' || !asked || asked.role !== 'user') throw new AppError('MESSAGE_NOT_FOUND');
    return {
      inChat,
      chat,
      question: asked.refinedPrompt ?? asked.content,
      history: historyOf(pathTo(rows, asked.parentId)),
      parentId: null,
      questionId: asked.id,
      storedImage: await questionImage(db, asked.id),
    };
  }
  if (input.Parent_Id && input.Parent_Id !== 'root' && !byId.has(input.Parent_Id)) throw new AppError('MESSAGE_NOT_FOUND');
  const parentId =
    input.Parent_Id === 'root' ? null : (input.Parent_Id ?? (chat.activeLeafId && byId.has(chat.activeLeafId) ? chat.activeLeafId : null));
  return { ...outside, chat, parentId, history: historyOf(pathTo(rows, parentId)) };
}

/** The models that answer in a chat: only its `continueWith` model when it has one among `models`. */
export function continuedModels<M extends { id: string }>(chat: { continueWith: string | null } | undefined, models: M[]): M[] {
  if (!chat?.continueWith) return models;
  const only = models.filter((m) => m.id === chat.continueWith);
  return only.length ? only : models;
}
