import type {
  AnswerCost,
  ChatDetail,
  ChatMessage,
  ChatMode,
  ChatSummary,
  FusionAnalysis,
  MessageStatus,
  ModelAnswer,
  SharedChat,
} from '@sangam/contracts';
import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, runRaw } from '@/db/client';
import { conversations, messageImages, messages } from '@/db/schema';
import { AppError, assertFound } from '@/errors';
import { chatMessages, type MessageRow, panelOf, pathTo } from '@/modules/chats/message-tree';

type ConversationRow = typeof conversations.$inferSelect;

const asMode = (m: string | null | undefined): ChatMode => (m === 'universe' ? 'universe' : 'sangam');
const iso = (d: Date) => d.toISOString();

export const PREVIEW_CHARS = 120;
const cut = (s: string) => (s.length > PREVIEW_CHARS ? `${s.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : s);

export function toSummary(c: ConversationRow, snippet?: string | null, preview?: string | null): ChatSummary {
  return {
    id: c.id,
    title: c.title,
    mode: asMode(c.mode),
    continueWith: c.continueWith ?? null,
    shareId: c.shareId ?? null,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    ...(snippet ? { snippet } : {}),
    ...(preview ? { preview: cut(preview) } : {}),
  };
}

/** The first question of the chat (its earliest user message), as the list shows it under the title. */
const previewOf = (conversationId: SQL) =>
  sql<
    string | null
  >`(select left(m.content, ${PREVIEW_CHARS + 20}) from ${messages} m where m.conversation_id = ${conversationId} and m.role = 'user' order by m.created_at, m.id limit 1)`;

const MESSAGE_STATUSES: readonly string[] = ['streaming', 'done', 'failed', 'stopped'];
export function toChatMessage(m: MessageRow, chatMode: string): ChatMessage {
  return {
    id: m.id,
    chatId: m.conversationId,
    parentId: m.parentId ?? null,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    mode: asMode(m.mode ?? chatMode),
    status: (MESSAGE_STATUSES.includes(m.status) ? m.status : 'done') as MessageStatus,
    refinedPrompt: m.refinedPrompt ?? null,
    facts: m.facts ?? null,
    answers: m.role === 'assistant' && Array.isArray(m.answers) ? (m.answers as ModelAnswer[]) : [],
    panel: panelOf(m),
    analysis: m.role === 'assistant' ? ((m.analysis as FusionAnalysis | null) ?? null) : null,
    cost: m.role === 'assistant' ? ((m.cost as AnswerCost | null) ?? null) : null,
    createdAt: iso(m.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Ownership

/** The conversation row of this user, or undefined (another user's chat is as absent as none). */
export async function findOwnedChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const [chat] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)))
    .limit(1);
  return chat;
}

/** What the answer path reads of a chat: whose it is, its active leaf and the model it continues with. */
export type ChatHead = { id: string; userId: string; activeLeafId: string | null; continueWith: string | null };
const FIND_CHAT_HEAD =
  'select id, user_id as "userId", active_leaf_id as "activeLeafId", continue_with as "continueWith" from conversations where id = $1';

/**
 * The head of a chat of any user, or undefined (the caller checks whose it is). Every answer in a kept
 * chat reads it first, so it is a fixed text sent straight to the driver (`runRaw`: prepared once per
 * connection, and by PGlite's worker), not a query drizzle builds each time.
 */
export async function findChatHead(db: Db, chatId: string): Promise<ChatHead | undefined> {
  const { rows } = await runRaw<ChatHead>(db, FIND_CHAT_HEAD, [chatId]);
  return rows[0];
}

/** A chat of this user, or 404 CHAT_NOT_FOUND (also for another user's chat: no existence leak). */
export async function getOwnedChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const chat = assertFound(await findOwnedChat(db, { userId, chatId }), 'CHAT_NOT_FOUND');
  return chat;
}

// ---------------------------------------------------------------------------------------------
// List and search

type Cursor = { at: string; id: string };
const encodeCursor = (c: ConversationRow) => Buffer.from(JSON.stringify({ at: iso(c.updatedAt), id: c.id })).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.at !== 'string' || typeof c.id !== 'string' || Number.isNaN(Date.parse(c.at)) || !/^[0-9a-f-]{36}$/i.test(c.id))
      throw new Error('bad cursor');
    return c;
  } catch {
    throw new AppError('VALIDATION_FAILED', { detail: 'The cursor is not valid.', fields: { cursor: 'The cursor is not valid.' } });
  }
}

/**
 * A full-text query (PostgreSQL's, also in PGlite) from what the user typed: its words, each as a
 * prefix, all required. Only letters and digits reach to_tsquery, so nothing in `q` is syntax.
 */
export function searchQuery(q: string): string | undefined {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** The outer row's id, qualified (drizzle leaves a column unqualified inside a selected expression). */
const CONVERSATION_ID = sql`${sql.identifier('conversations')}.${sql.identifier('id')}`;

export async function listChats(
  db: Db,
  { userId, q, cursor, limit }: { userId: string; q?: string; cursor?: string; limit: number },
): Promise<{ chats: ChatSummary[]; nextCursor: string | null }> {
  const conds: SQL[] = [eq(conversations.userId, userId)];
  if (cursor) {
    const c = decodeCursor(cursor);
    const at = new Date(c.at);
    conds.push(or(lt(conversations.updatedAt, at), and(eq(conversations.updatedAt, at), lt(conversations.id, c.id))) as SQL);
  }
  const text = q?.trim();
  const tsq = text ? searchQuery(text) : undefined;
  if (text && !tsq) return { chats: [], nextCursor: null };
  const query = tsq ? sql`to_tsquery('simple', ${tsq})` : undefined;
  if (query)
    conds.push(
      sql`(to_tsvector('simple', ${conversations.title}) @@ ${query} or exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and to_tsvector('simple', m.content) @@ ${query}))`,
    );
  const snippet = query
    ? sql<
        string | null
      >`(select ts_headline('simple', left(m.content, 20000), ${query}, 'MaxFragments=1, MaxWords=20, MinWords=6, StartSel="", StopSel=""') from ${messages} m where m.conversation_id = ${CONVERSATION_ID} and to_tsvector('simple', m.content) @@ ${query} order by m.created_at limit 1)`
    : sql<null>`null`;
  const rows = await db
    .select({ c: conversations, snippet, preview: previewOf(CONVERSATION_ID) })
    .from(conversations)
    .where(and(...conds))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    chats: page.map((r) => toSummary(r.c, r.snippet, r.preview)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.c) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One chat

/** The ids of the questions among `rows` that came with an image. */
async function questionsWithImages(db: Db, rows: MessageRow[]): Promise<Set<string>> {
  const asked = rows.filter((m) => m.role === 'user').map((m) => m.id);
  if (asked.length === 0) return new Set();
  const found = await db.select({ id: messageImages.messageId }).from(messageImages).where(inArray(messageImages.messageId, asked));
  return new Set(found.map((r) => r.id));
}

/** A question's image in a chat of this user (404 for another user's chat or a question without one). */
export async function getQuestionImage(db: Db, { userId, chatId, messageId }: { userId: string; chatId: string; messageId: string }) {
  await getOwnedChat(db, { userId, chatId });
  const [row] = await db
    .select({ data: messageImages.data, mediaType: messageImages.mediaType })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(and(eq(messageImages.messageId, messageId), eq(messages.conversationId, chatId)))
    .limit(1);
  return assertFound(row, 'MESSAGE_NOT_FOUND');
}

export async function getChatDetail(db: Db, { userId, chatId }: { userId: string; chatId: string }): Promise<ChatDetail> {
  const chat = await getOwnedChat(db, { userId, chatId });
  const rows = await chatMessages(db, chatId);
  const withImages = await questionsWithImages(db, rows);
  return {
    chat: toSummary(chat, null, rows.find((m) => m.role === 'user')?.content),
    messages: rows.map((m) => {
      const message = toChatMessage(m, chat.mode);
      return withImages.has(m.id) ? { ...message, hasImage: true } : message;
    }),
    activeLeafId: chat.activeLeafId ?? rows.at(-1)?.id ?? null,
  };
}

export async function patchChat(
  db: Db,
  {
    userId,
    chatId,
    patch,
    isModel,
  }: {
    userId: string;
    chatId: string;
    patch: { title?: string; continueWith?: string | null; activeLeafId?: string };
    isModel: (id: string) => boolean;
  },
): Promise<ChatSummary> {
  const chat = await getOwnedChat(db, { userId, chatId });
  const set: Partial<ConversationRow> = { updatedAt: new Date() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.continueWith !== undefined) {
    if (patch.continueWith !== null && !isModel(patch.continueWith)) throw new AppError('MODEL_NOT_FOUND');
    set.continueWith = patch.continueWith;
  }
  if (patch.activeLeafId !== undefined) {
    const [m] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, chat.id), sql`${messages.id}::text = ${patch.activeLeafId}`))
      .limit(1);
    set.activeLeafId = assertFound(m, 'MESSAGE_NOT_FOUND').id;
  }
  const [updated] = await db.update(conversations).set(set).where(eq(conversations.id, chat.id)).returning();
  const row = assertFound(updated, 'CHAT_NOT_FOUND');
  const [first] = await db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, chat.id), eq(messages.role, 'user')))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  return toSummary(row, null, first?.content);
}

export async function deleteChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  if (rows.length === 0) throw new AppError('CHAT_NOT_FOUND');
}

// ---------------------------------------------------------------------------------------------
// Share links: a snapshot of the active path, no account data

export async function shareChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const chat = await getOwnedChat(db, { userId, chatId });
  const rows = await chatMessages(db, chatId);
  const path = pathTo(rows, chat.activeLeafId ?? rows.at(-1)?.id).filter((m) => m.status !== 'streaming');
  const shareId = chat.shareId ?? randomShareId();
  const sharedAt = new Date();
  const snapshot: SharedChat = {
    title: chat.title,
    mode: asMode(chat.mode),
    messages: path.map((m) => toChatMessage(m, chat.mode)),
    sharedAt: iso(sharedAt),
  };
  await db.update(conversations).set({ shareId, sharedAt, shareSnapshot: snapshot }).where(eq(conversations.id, chat.id));
  return shareId;
}

/** 128 random bits, URL-safe. */
export const randomShareId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');

export async function revokeShare(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const chat = await getOwnedChat(db, { userId, chatId });
  await db.update(conversations).set({ shareId: null, sharedAt: null, shareSnapshot: null }).where(eq(conversations.id, chat.id));
}

export async function getShared(db: Db, shareId: string): Promise<SharedChat> {
  const [row] = await db
    .select({ snapshot: conversations.shareSnapshot })
    .from(conversations)
    .where(eq(conversations.shareId, shareId))
    .limit(1);
  if (!row?.snapshot) throw new AppError('SHARE_NOT_FOUND');
  return row.snapshot as SharedChat;
}
