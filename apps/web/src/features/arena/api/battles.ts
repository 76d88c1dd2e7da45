import { type Battle, battleSchema, type Vote, type VoteResult, voteResultSchema } from '@sangam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADERBOARD_KEY } from '@/features/arena/api/leaderboard';
import { requestJson } from '@/lib/api-client';

export async function createBattle({ prompt }: { prompt: string }): Promise<Battle> {
  const body = await requestJson<unknown>('/api/v1/arena/battles', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  return battleSchema.parse(body);
}

export async function castVote({ battleId, winner }: { battleId: string; winner: Vote['winner'] }): Promise<VoteResult> {
  const body = await requestJson<unknown>(`/api/v1/arena/battles/${encodeURIComponent(battleId)}/vote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ winner }),
  });
  return voteResultSchema.parse(body);
}

export const useCreateBattle = () => useMutation({ mutationFn: createBattle });

/** A vote changes the ranking: the leaderboard is fetched again. */
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEADERBOARD_KEY }),
  });
}
