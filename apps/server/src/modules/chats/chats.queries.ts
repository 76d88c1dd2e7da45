import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversations, messages } from '@/db/schema';
import { AppError, databaseErrorCode } from '@/errors';

export type ChatInput = {
  title: string;
  mode: string;
  originalPrompt: string;
  createdAt: number;
  updatedAt: number;
  messages: Array<{ role: string; content: string; modelId?: string | null; timestamp: number }>;
};

export async function listChats(db: Db, { userId }: { userId: string }) {
  return db
    .select({
      chatId: conversations.id,
      title: conversations.title,
      mode: conversations.mode,
      originalPrompt: conversations.originalPrompt,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
    })
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt))
    .limit(100);
}

/** A chat of this user, or 404 CHAT_NOT_FOUND (also for another user's chat: no existence leak). */
export async function getOwnedChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const [chat] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)))
    .limit(1);
  if (!chat) throw new AppError('CHAT_NOT_FOUND');
  const rows = await db.select().from(messages).where(eq(messages.conversationId, chatId)).orderBy(asc(messages.createdAt));
  return { chat, messages: rows };
}

/**
 * Creates or replaces a chat with its messages in one transaction. A user that no longer exists (an
 * access token that outlived its account) fails the foreign key: that is a session that is not valid.
 */
export async function saveChat(db: Db, { userId, chatId, input }: { userId: string; chatId: string; input: ChatInput }) {
  try {
    await writeChat(db, { userId, chatId, input });
  } catch (error) {
    if (databaseErrorCode(error) === '23503') throw new AppError('TOKEN_INVALID');
    throw error;
  }
}

async function writeChat(db: Db, { userId, chatId, input }: { userId: string; chatId: string; input: ChatInput }) {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ userId: conversations.userId }).from(conversations).where(eq(conversations.id, chatId)).limit(1);
    if (existing && existing.userId !== userId) throw new AppError('CHAT_NOT_FOUND');
    const values = { title: input.title, mode: input.mode, originalPrompt: input.originalPrompt, updatedAt: new Date(input.updatedAt) };
    if (existing) await tx.update(conversations).set(values).where(eq(conversations.id, chatId));
    else await tx.insert(conversations).values({ id: chatId, userId, createdAt: new Date(input.createdAt), ...values });
    await tx.delete(messages).where(eq(messages.conversationId, chatId));
    if (input.messages.length) {
      await tx.insert(messages).values(
        input.messages.map((m) => ({
          conversationId: chatId,
          role: m.role,
          content: m.content,
          modelId: m.modelId ?? null,
          createdAt: new Date(m.timestamp),
        })),
      );
    }
  });
}

export async function renameChat(db: Db, { userId, chatId, title }: { userId: string; chatId: string; title: string }) {
  const [row] = await db
    .update(conversations)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw new AppError('CHAT_NOT_FOUND');
}

export async function deleteChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)))
    .returning();
  if (rows.length === 0) throw new AppError('CHAT_NOT_FOUND');
}
