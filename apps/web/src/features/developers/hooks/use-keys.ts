import type { CreateApiKey } from '@sangam/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keysApi, keysQueryKey } from '@/features/developers/api/keys-api';

export const useKeys = () => useQuery({ queryKey: keysQueryKey, queryFn: keysApi.list });

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKey) => keysApi.create(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysQueryKey }),
  });
}

export function useRevokeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => keysApi.revoke(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysQueryKey }),
  });
}
