import { type ChatDetail, chatDetailSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';
import { AppError } from '@/lib/app-error';

/** GET /api/v1/chats/:chatId: the chat with every message of every branch, or null when it is not the user's. */
export async function getChat({ chatId }: { chatId: string }): Promise<ChatDetail | null> {
  try {
    return chatDetailSchema.parse(await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}`));
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export const chatQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: chatKeys.detail(chatId), queryFn: () => getChat({ chatId }), staleTime: 5_000 });

export const useChat = (chatId: string) => useQuery(chatQueryOptions(chatId));
