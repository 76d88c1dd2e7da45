import { apiKeyListSchema, type CreateApiKey, createdApiKeySchema } from '@sangam/contracts';
import { authFetch, readError, requestJson } from '@/lib/api-client';

/** The developer keys API (/api/v1/keys), every answer parsed with the contracts' schemas. */
export const keysApi = {
  list: async () => apiKeyListSchema.parse(await requestJson('/api/v1/keys')).keys,
  create: async (input: CreateApiKey) =>
    createdApiKeySchema.parse(
      await requestJson('/api/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }),
    ),
  revoke: async (id: string) => {
    const res = await authFetch(`/api/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (!res.ok) throw await readError(res);
  },
};

export const keysQueryKey = ['developer-keys'] as const;
