import type { ChatExportFormat } from '@sangam/contracts';
import { useMutation } from '@tanstack/react-query';
import { authFetch, readError } from '@/lib/api-client';

/** The file name of a Content-Disposition: the UTF-8 `filename*` when present and valid, else `filename`. */
export function downloadName(header: string): string | undefined {
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed percent-encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"|filename=([^";\s]+)/i.exec(header)?.slice(1).find(Boolean);
}

/** GET /api/v1/chats/:chatId/export?format=md|json, saved as the file the server names. */
export async function exportChat({ chatId, format }: { chatId: string; format: ChatExportFormat }) {
  const res = await authFetch(`/api/v1/chats/${encodeURIComponent(chatId)}/export?format=${format}`);
  if (!res.ok) throw await readError(res);
  const name = downloadName(res.headers.get('content-disposition') ?? '') ?? `chat.${format}`;
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
