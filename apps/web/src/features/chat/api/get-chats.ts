import { type ChatListResponse, chatListResponseSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { readCachedChats, writeCachedChats } from '@/features/chat/stores/chats-cache';
import { requestJson } from '@/lib/api-client';

export const CHAT_PAGE_SIZE = 50;

/** GET /api/v1/chats?q=: the user's chats, newest first (q = full-text search over titles and messages). */
export async function getChats({ q = '' }: { q?: string } = {}): Promise<ChatListResponse> {
  const params = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
  if (q) params.set('q', q);
  return chatListResponseSchema.parse(await requestJson(`/api/v1/chats?${params}`));
}

export const chatsQueryOptions = ({ q, userId }: { q: string; userId: string | null }) =>
  queryOptions({
    queryKey: chatKeys.list(q),
    queryFn: async () => {
      const res = await getChats({ q });
      // The unfiltered list is cached per user in local storage (cleared on sign-out).
      if (!q && userId) writeCachedChats(userId, res.chats);
      return res;
    },
    // The per-user cache shows the list at once, only to the user it belongs to.
    placeholderData: () => {
      if (q || !userId) return undefined;
      const chats = readCachedChats(userId);
      return chats ? { chats, nextCursor: null } : undefined;
    },
  });

export const useChats = (args: { q: string; userId: string | null }) => useQuery(chatsQueryOptions(args));
