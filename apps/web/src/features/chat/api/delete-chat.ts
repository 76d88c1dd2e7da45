import { type ChatListResponse, chatIdResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';

/** DELETE /api/v1/chats/:chatId */
export async function deleteChat({ chatId }: { chatId: string }) {
  return chatIdResponseSchema.parse(await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}`, { method: 'DELETE' }));
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onMutate: ({ chatId }) => {
      queryClient.setQueriesData<ChatListResponse>({ queryKey: ['chats', 'list'] }, (d) =>
        d ? { ...d, chats: d.chats.filter((c) => c.id !== chatId) } : d,
      );
    },
    onSettled: (_d, _e, { chatId }) => {
      queryClient.removeQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: ['chats', 'list'] });
    },
  });
}
