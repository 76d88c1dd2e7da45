import { type Leaderboard, leaderboardSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

export const LEADERBOARD_KEY = ['leaderboard'] as const;

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: LEADERBOARD_KEY,
    queryFn: async (): Promise<Leaderboard> => leaderboardSchema.parse(await requestJson<unknown>('/api/v1/leaderboard')),
    staleTime: 30_000,
    retry: 1,
  });

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
