import { refuseResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys, messagePath } from '@/features/chat/api/chat-keys';
import { markRevealed } from '@/features/chat/lib/reveal';
import { requestJson } from '@/lib/api-client';

/** POST /api/v1/chats/:chatId/messages/:messageId/fuse: fuses the answer again with every finished answer, late ones too. */
export async function refuseAnswer(message: { chatId: string; messageId: string }) {
  return refuseResponseSchema.parse(await requestJson(messagePath(message, '/fuse'), { method: 'POST' }));
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
