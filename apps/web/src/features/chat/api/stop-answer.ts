import { stopResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys, messagePath } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';

/** POST /api/v1/chats/:chatId/messages/:messageId/stop: the answer stops and keeps what it had. */
export async function stopAnswer(message: { chatId: string; messageId: string }) {
  return stopResponseSchema.parse(await requestJson(messagePath(message, '/stop'), { method: 'POST' }));
}

export function useStopAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAnswer,
    onSettled: (_d, _e, { chatId }) => void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) }),
  });
}
