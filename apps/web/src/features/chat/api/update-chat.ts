import { type ChatDetail, type ChatPatch, chatSummarySchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys, json } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';

/** PATCH /api/v1/chats/:chatId: rename, continue with one model (or all again), pick the active branch. */
export async function updateChat({ chatId, patch }: { chatId: string; patch: ChatPatch }) {
  return chatSummarySchema.parse(await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}`, { method: 'PATCH', ...json(patch) }));
}

export function useUpdateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChat,
    // The screen follows the change at once; the server's answer then replaces it.
    onMutate: ({ chatId, patch }) => {
      queryClient.setQueryData<ChatDetail | null>(chatKeys.detail(chatId), (d) =>
        d
          ? {
              ...d,
              chat: {
                ...d.chat,
                ...(patch.title !== undefined && { title: patch.title }),
                ...(patch.continueWith !== undefined && { continueWith: patch.continueWith }),
              },
              activeLeafId: patch.activeLeafId ?? d.activeLeafId,
            }
          : d,
      );
    },
    onSettled: (_data, _err, { chatId }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: ['chats', 'list'] });
    },
  });
}
