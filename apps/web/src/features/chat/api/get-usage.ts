import { type MyUsage, myUsageSchema } from '@sangam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

export const usageKeys = { all: ['usage'] as const, me: ['usage', 'me'] as const };

/** GET /api/v1/me/usage, checked against the contract: a malformed body is an error, never a wrong figure. */
export async function getMyUsage(): Promise<MyUsage> {
  return myUsageSchema.parse(await requestJson('/api/v1/me/usage'));
}

export const myUsageQueryOptions = () => queryOptions({ queryKey: usageKeys.me, queryFn: getMyUsage, staleTime: 30_000, retry: 1 });

export const useMyUsage = (isEnabled: boolean) => useQuery({ ...myUsageQueryOptions(), enabled: isEnabled });
