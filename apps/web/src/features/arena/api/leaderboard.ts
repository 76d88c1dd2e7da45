import { type Leaderboard, type LocaleCode, leaderboardSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

/** Every leaderboard query starts with this key, so a vote refetches the boards of all languages. */
export const LEADERBOARD_KEY = ['leaderboard'] as const;

/** The leaderboard of every vote, or of the votes on questions written in one language. */
export const leaderboardQueryOptions = (language?: LocaleCode) =>
  queryOptions({
    queryKey: [...LEADERBOARD_KEY, language ?? 'all'],
    queryFn: async (): Promise<Leaderboard> =>
      leaderboardSchema.parse(await requestJson<unknown>(`/api/v1/leaderboard${language ? `?language=${language}` : ''}`)),
    staleTime: 30_000,
    retry: 1,
  });

export const useLeaderboard = (language?: LocaleCode) => useQuery(leaderboardQueryOptions(language));
