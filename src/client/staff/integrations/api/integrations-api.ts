/**
 * The integrations' staff API (src/shared/contracts/integrations.ts): webhook endpoints,
 * their delivery log, and API keys. Admins only; writes carry the anti-forgery header (http.ts).
 */
import { request } from '../../../api/http.js';
import { integrationPaths, type ApiKeyScope } from '../../../../shared/contracts/integrations.js';
import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookTestAnswer,
} from '../../../../shared/contracts/integrations.schemas.js';
import type { ApiKeyCreated, ApiKeySummary } from '../../../../shared/contracts/integrations.schemas.js';

const withIds = (path: string, ids: Record<string, number>): string =>
  path.replace(/:(\w+)/g, (whole, name: string) => (name in ids ? String(ids[name]) : whole));

export const integrationsApi = {
  webhooks: (signal?: AbortSignal) => request<WebhookEndpoint[]>(integrationPaths.webhooks, { signal }),
  addWebhook: (input: WebhookEndpointInput) =>
    request<WebhookCreated>(integrationPaths.webhooks, { method: 'POST', body: input }),
  changeWebhook: (id: number, change: Partial<WebhookEndpointInput>) =>
    request<WebhookEndpoint>(withIds(integrationPaths.webhook, { id }), { method: 'PATCH', body: change }),
  deleteWebhook: (id: number) => request<void>(withIds(integrationPaths.webhook, { id }), { method: 'DELETE' }),
  rotateSecret: (id: number) =>
    request<{ secret: string }>(withIds(integrationPaths.rotate, { id }), { method: 'POST', body: {} }),
  testWebhook: (id: number) =>
    request<WebhookTestAnswer>(withIds(integrationPaths.test, { id }), { method: 'POST', body: {} }),
  deliveries: (id: number, signal?: AbortSignal) =>
    request<WebhookDelivery[]>(withIds(integrationPaths.deliveries, { id }), { signal }),
  replay: (id: number, deliveryId: number) =>
    request<void>(withIds(integrationPaths.replay, { id, deliveryId }), { method: 'POST', body: {} }),
  apiKeys: (signal?: AbortSignal) => request<ApiKeySummary[]>(integrationPaths.apiKeys, { signal }),
  createApiKey: (name: string, scopes: ApiKeyScope[]) =>
    request<ApiKeyCreated>(integrationPaths.apiKeys, { method: 'POST', body: { name, scopes } }),
  revokeApiKey: (id: number) => request<void>(withIds(integrationPaths.apiKey, { id }), { method: 'DELETE' }),
};
