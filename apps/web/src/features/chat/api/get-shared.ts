import { type SharedChat, sharedChatSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { requestJson } from '@/lib/api-client';
import { AppError } from '@/lib/app-error';

/** GET /api/v1/shared/:shareId (public): a read-only snapshot, or null when the link was revoked. */
export async function getShared({ shareId }: { shareId: string }): Promise<SharedChat | null> {
  try {
    return sharedChatSchema.parse(await requestJson(`/api/v1/shared/${encodeURIComponent(shareId)}`, { skipAuthRefresh: true }));
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export const sharedQueryOptions = (shareId: string) =>
  queryOptions({ queryKey: chatKeys.shared(shareId), queryFn: () => getShared({ shareId }) });

export const useShared = (shareId: string) => useQuery(sharedQueryOptions(shareId));
