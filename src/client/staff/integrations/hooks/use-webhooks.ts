/**
 * One React Query hook per webhook call. A mutation that answers a secret keeps it out of the
 * mutation cache (gcTime 0): the component that shows it once is its only holder.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointInput } from '../../../../shared/contracts/integrations.schemas.js';
import { integrationsApi } from '../api/integrations-api.js';
import { integrationKeys } from './integration-keys.js';

export function useWebhooks() {
  return useQuery({ queryKey: integrationKeys.webhooks, queryFn: ({ signal }) => integrationsApi.webhooks(signal) });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks });
}

export function useAddWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => integrationsApi.addWebhook(input),
    onSuccess: refresh,
    gcTime: 0,
  });
}

export function useChangeWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: Partial<WebhookEndpointInput> }) =>
      integrationsApi.changeWebhook(id, change),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (id: number) => integrationsApi.deleteWebhook(id), onSuccess: refresh });
}

export function useRotateSecret() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (id: number) => integrationsApi.rotateSecret(id), onSuccess: refresh, gcTime: 0 });
}

/** The ping is delivered like any event, so it shows in the delivery log too. */
export function useTestWebhook(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => integrationsApi.testWebhook(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(id) }),
  });
}

export function useDeliveries(id: number, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.deliveries(id),
    queryFn: ({ signal }) => integrationsApi.deliveries(id, signal),
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
}

export function useReplayDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => integrationsApi.replay(id, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(id) }),
  });
}
