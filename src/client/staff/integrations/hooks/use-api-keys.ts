/** One React Query hook per API-key call; the created key stays out of the mutation cache (gcTime 0). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyScope } from '../../../../shared/contracts/integrations.js';
import { integrationsApi } from '../api/integrations-api.js';
import { integrationKeys } from './integration-keys.js';

export function useApiKeys() {
  return useQuery({ queryKey: integrationKeys.apiKeys, queryFn: ({ signal }) => integrationsApi.apiKeys(signal) });
}

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys });
}

export function useCreateApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: ({ name, scopes }: { name: string; scopes: ApiKeyScope[] }) =>
      integrationsApi.createApiKey(name, scopes),
    onSuccess: refresh,
    gcTime: 0,
  });
}

export function useRevokeApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({ mutationFn: (id: number) => integrationsApi.revokeApiKey(id), onSuccess: refresh });
}
