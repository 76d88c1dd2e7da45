import { stopResponseSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';

/** POST /api/v1/chats/:chatId/messages/:messageId/stop: the answer stops and keeps what it had. */
export async function stopAnswer({ chatId, messageId }: { chatId: string; messageId: string }) {
  return stopResponseSchema.parse(
    await requestJson(`/api/v1/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/stop`, { method: 'POST' }),
  );
}

export function useStopAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAnswer,
    onSettled: (_d, _e, { chatId }) => void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) }),
  });
}
