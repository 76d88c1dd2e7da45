import { randomUUID } from 'node:crypto';
import {
  type AnswerCost,
  CHAT_TITLE_MONTHS,
  type FusionAnalysis,
  type MessageStatus,
  type ModelAnswer,
  type PanelChoice,
  panelChoiceSchema,
} from '@sangam/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversations, messageImages, messages } from '@/db/schema';
import { AppError } from '@/errors';

/**
 * The message tree of a chat: its messages (each question's answers hang under it, a regenerated
 * answer beside the earlier one), the path from the root to a leaf, and the answer pipeline's writes
 * (the question with its answer in progress, then the answer's final state).
 */
export type MessageRow = typeof messages.$inferSelect;
export type StoredImage = { data: Buffer; mediaType: string };

/** Issue 16: the panel choice kept in the message's `extra` (null when the default panel answered). */
export function panelOf(m: Pick<MessageRow, 'extra'>): PanelChoice | null {
  const parsed = panelChoiceSchema.safeParse((m.extra as { panel?: unknown } | null)?.panel);
  return parsed.success ? parsed.data : null;
}

export async function chatMessages(db: Db, chatId: string) {
  return db.select().from(messages).where(eq(messages.conversationId, chatId)).orderBy(asc(messages.createdAt), asc(messages.id));
}

/** The path from the root to `leafId` (inclusive), following parent links; [] when the leaf is unknown. */
export function pathTo(rows: MessageRow[], leafId: string | null | undefined): MessageRow[] {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const path: MessageRow[] = [];
  const seen = new Set<string>();
  let cur = leafId ? byId.get(leafId) : undefined;
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    path.push(cur);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return path.reverse();
}

export async function findMessages(db: Db, chatId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, chatId), inArray(messages.id, ids)));
}

/** An answer (assistant message) of this chat, or 404 MESSAGE_NOT_FOUND. The caller has checked the owner. */
export async function getAnswer(db: Db, { chatId, messageId }: { chatId: string; messageId: string }) {
  const [row] = await findMessages(db, chatId, [messageId]);
  if (row?.role !== 'assistant') throw new AppError('MESSAGE_NOT_FOUND');
  return row;
}

/** The assistant message a Request_Id already created in this chat, if any. */
export async function findByRequest(db: Db, { chatId, requestId }: { chatId: string; requestId: string }) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, chatId), eq(messages.role, 'assistant'), eq(messages.requestId, requestId)))
    .limit(1);
  return row;
}

/** The image stored with a question, if any (re-encoded when it was asked: used as is). */
export async function questionImage(db: Db, messageId: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(messageImages).where(eq(messageImages.messageId, messageId)).limit(1);
  return row ? { data: row.data, mediaType: row.mediaType } : undefined;
}

/** A new chat's title: "Sangam Chat - {date}" / "Universe Chat - {date}", e.g. "Sangam Chat - 22 Nov 2026". */
export function chatTitle(mode: string, now: Date) {
  const date = `${now.getUTCDate()} ${CHAT_TITLE_MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  return `${mode === 'universe' ? 'Universe' : 'Sangam'} Chat - ${date}`;
}

/** What is stored when a question is asked: the request's fields, where it hangs, and its image. */
export type QuestionToStore = {
  userId: string;
  chatId: string;
  requestId: string;
  mode?: string;
  /** What the user typed before refining, if it was refined. */
  originalPrompt?: string;
  /** The prompt sent to the models. */
  question: string;
  parentId: string | null;
  /** Regenerating: the question answered again (nothing new is stored for it). */
  questionId?: string;
  isNew: boolean;
  panel?: PanelChoice;
  /** The question's image, re-encoded, kept for regenerate and for the thread. */
  image?: StoredImage;
};

/** Stores the user's question (unless regenerating) and the assistant's message in progress, in one transaction. */
export async function storeQuestion(
  db: Db,
  { userId, chatId, requestId, mode, originalPrompt, question, parentId, questionId, isNew, panel, image }: QuestionToStore,
): Promise<{ chatId: string; userMessageId: string; assistantMessageId: string }> {
  // The ids are made here, so that a new chat is written with its active leaf and both messages go
  // in one statement: three statements in the transaction instead of five.
  const assistantMessageId = randomUUID();
  return db.transaction(async (tx) => {
    const now = new Date();
    let leafSet = false;
    if (isNew) {
      const created = await tx
        .insert(conversations)
        .values({
          id: chatId,
          userId,
          title: chatTitle(mode ?? 'sangam', now),
          mode: mode ?? 'sangam',
          originalPrompt: originalPrompt ?? question,
          activeLeafId: assistantMessageId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      leafSet = created.length > 0;
      if (!leafSet) {
        const [owned] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)));
        if (!owned) throw new AppError('CHAT_NOT_FOUND');
      }
    }
    const userMessageId = questionId ?? randomUUID();
    const original = originalPrompt?.trim();
    const rows: Array<typeof messages.$inferInsert> = [];
    if (!questionId)
      rows.push({
        id: userMessageId,
        conversationId: chatId,
        parentId,
        role: 'user',
        content: original || question,
        refinedPrompt: original && original !== question ? question : null,
        mode: mode ?? null,
        status: 'done',
        requestId,
        createdAt: now,
      });
    rows.push({
      id: assistantMessageId,
      conversationId: chatId,
      parentId: userMessageId,
      role: 'assistant',
      content: '',
      mode: mode ?? null,
      refinedPrompt: question,
      status: 'streaming',
      requestId,
      extra: panel ? { panel } : null,
      createdAt: new Date(now.getTime() + 1),
    });
    await tx.insert(messages).values(rows);
    if (image && !questionId)
      await tx.insert(messageImages).values({ messageId: userMessageId, mediaType: image.mediaType, data: image.data });
    if (!leafSet)
      await tx.update(conversations).set({ activeLeafId: assistantMessageId, updatedAt: now }).where(eq(conversations.id, chatId));
    return { chatId, userMessageId, assistantMessageId };
  });
}

/** An answer's final state, as it is stored. */
export type FinishedAnswer = {
  chatId: string;
  id: string;
  content: string;
  status: MessageStatus;
  answers: ModelAnswer[];
  facts: unknown;
  analysis?: FusionAnalysis;
  cost?: AnswerCost;
};

/** Stores the assistant message's final state (and makes the chat recent). */
export async function finishAssistantMessage(db: Db, { chatId, id, content, status, answers, facts, analysis, cost }: FinishedAnswer) {
  await db
    .update(messages)
    .set({ content, status, answers, facts: facts === undefined ? null : facts, analysis: analysis ?? null, cost: cost ?? null })
    .where(eq(messages.id, id));
  await db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, chatId));
}
