import { type ModelStatus, modelStatusSchema } from '@sangam/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

/** GET /api/v1/model-status (public), checked against the contract. */
export async function getModelStatus(): Promise<ModelStatus> {
  return modelStatusSchema.parse(await requestJson('/api/v1/model-status', { skipAuthRefresh: true }));
}

const isPreparing = (s: ModelStatus | undefined) => s?.local?.state === 'downloading' || s?.local?.state === 'loading';

/** The models' state, asked again every second while the local model downloads or loads. */
export const useModelStatus = () =>
  useQuery({
    queryKey: ['model-status'],
    queryFn: getModelStatus,
    staleTime: 5_000,
    retry: 1,
    refetchInterval: (query) => (isPreparing(query.state.data) ? 1000 : false),
  });
