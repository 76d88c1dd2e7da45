import { type ChatMode, type EstimateResponse, estimateResponseSchema } from '@sangam/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

export type EstimateInput = { mode: ChatMode; chars: number; chatId?: string };

/** GET /api/v1/me/estimate?mode=&chars=&chatId=: the models and the tokens or rupees a send would use. */
export async function getEstimate({ mode, chars, chatId }: EstimateInput): Promise<EstimateResponse> {
  const q = new URLSearchParams({ mode, chars: String(chars) });
  if (chatId) q.set('chatId', chatId);
  return estimateResponseSchema.parse(await requestJson(`/api/v1/me/estimate?${q}`));
}

export const estimateQueryOptions = (input: EstimateInput) =>
  queryOptions({
    queryKey: ['estimate', input.mode, input.chars, input.chatId ?? null] as const,
    queryFn: () => getEstimate(input),
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useEstimate = (input: EstimateInput, isEnabled: boolean) => useQuery({ ...estimateQueryOptions(input), enabled: isEnabled });
