import type { ChatExportFormat } from '@sangam/contracts';
import { useMutation } from '@tanstack/react-query';
import { authFetch, readError } from '@/lib/api-client';

/** GET /api/v1/chats/:chatId/export?format=md|json, saved as the file the server names. */
export async function exportChat({ chatId, format }: { chatId: string; format: ChatExportFormat }) {
  const res = await authFetch(`/api/v1/chats/${encodeURIComponent(chatId)}/export?format=${format}`);
  if (!res.ok) throw await readError(res);
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `chat.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export const useExportChat = () => useMutation({ mutationFn: exportChat });
