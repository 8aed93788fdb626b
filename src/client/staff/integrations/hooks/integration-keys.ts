/** The integrations' React Query keys, under the console's own (staffKeys.all), so signing out forgets them. */
export const integrationKeys = {
  all: ['staff', 'integrations'] as const,
  webhooks: ['staff', 'integrations', 'webhooks'] as const,
  deliveries: (id: number) => ['staff', 'integrations', 'webhooks', id, 'deliveries'] as const,
  apiKeys: ['staff', 'integrations', 'api-keys'] as const,
};
