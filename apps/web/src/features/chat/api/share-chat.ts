import { chatIdResponseSchema, shareResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';

/** The public address of a share link. */
export const shareUrl = (shareId: string) => `${window.location.origin}/share/${shareId}`;

/** POST /api/v1/chats/:chatId/share: a read-only snapshot of the active path behind an unguessable id. */
export async function shareChat({ chatId }: { chatId: string }) {
  return shareResponseSchema.parse(await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}/share`, { method: 'POST' }));
}

/** DELETE /api/v1/chats/:chatId/share: the link stops working. */
export async function revokeShare({ chatId }: { chatId: string }) {
  return chatIdResponseSchema.parse(await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}/share`, { method: 'DELETE' }));
}

function useInvalidateChat() {
  const queryClient = useQueryClient();
  return (chatId: string) => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    void queryClient.invalidateQueries({ queryKey: ['chats', 'list'] });
  };
}

export function useShareChat() {
  const invalidate = useInvalidateChat();
  return useMutation({ mutationFn: shareChat, onSettled: (_d, _e, { chatId }) => invalidate(chatId) });
}

export function useRevokeShare() {
  const invalidate = useInvalidateChat();
  return useMutation({ mutationFn: revokeShare, onSettled: (_d, _e, { chatId }) => invalidate(chatId) });
}
