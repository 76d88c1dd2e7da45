import { refuseResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { markRevealed } from '@/features/chat/lib/reveal';
import { requestJson } from '@/lib/api-client';

/** POST /api/v1/chats/:chatId/messages/:messageId/fuse: fuses the answer again with every finished answer, late ones too. */
export async function refuseAnswer({ chatId, messageId }: { chatId: string; messageId: string }) {
  return refuseResponseSchema.parse(
    await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/fuse`, { method: 'POST' }),
  );
}

export function useRefuseAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseAnswer,
    onSuccess: (_d, { messageId }) => {
      // The new fused answer arrives finished: it shows whole, it is not typed out.
      markRevealed(`${messageId}:best`, Number.MAX_SAFE_INTEGER);
    },
    onSettled: (_d, _e, { chatId }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
    },
  });
}
