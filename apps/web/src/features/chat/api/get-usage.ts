import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

/** GET /api/v1/me/usage: this month's tokens against the plan's allowance. */
export type MyUsage = { used: number; allowance: number; resetDate: string; planName: string; costInr: number | null };

export const usageKeys = { all: ['usage'] as const, me: ['usage', 'me'] as const };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The response, checked field by field: a malformed body is an error, never a wrong figure. */
export function parseMyUsage(body: unknown): MyUsage {
  if (!isRecord(body) || typeof body.used !== 'number' || typeof body.allowance !== 'number') {
    throw new Error('Unexpected usage response');
  }
  const plan = body.plan;
  const planName = typeof plan === 'string' ? plan : isRecord(plan) && typeof plan.name === 'string' ? plan.name : '';
  const costInr = typeof body.costInr === 'number' && body.costInr >= 0 ? body.costInr : null;
  return {
    used: body.used,
    allowance: body.allowance,
    resetDate: typeof body.resetDate === 'string' ? body.resetDate : '',
    planName,
    costInr,
  };
}

export async function getMyUsage(): Promise<MyUsage> {
  return parseMyUsage(await requestJson('/api/v1/me/usage'));
}

export const myUsageQueryOptions = () => queryOptions({ queryKey: usageKeys.me, queryFn: getMyUsage, staleTime: 30_000, retry: 1 });

export const useMyUsage = (isEnabled: boolean) => useQuery({ ...myUsageQueryOptions(), enabled: isEnabled });
