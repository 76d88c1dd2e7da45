import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatKeys, messagePath } from '@/features/chat/api/chat-keys';
import { authFetch, readError } from '@/lib/api-client';

/** GET /api/v1/chats/:chatId/messages/:messageId/image: the question's image, as a Blob (owner only). */
export async function getQuestionImage(message: { chatId: string; messageId: string }): Promise<Blob> {
  const res = await authFetch(messagePath(message, '/image'));
  if (!res.ok) throw await readError(res);
  return res.blob();
}

/** The image as an object URL for an <img> (revoked when the component goes or the image changes). */
export function useQuestionImage(chatId: string, messageId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: [...chatKeys.detail(chatId), 'image', messageId],
    queryFn: () => getQuestionImage({ chatId, messageId }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, isError: query.isError };
}
