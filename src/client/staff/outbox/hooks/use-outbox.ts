import { useQuery } from '@tanstack/react-query';
import type { OutboxStatus } from '../../../../shared/contracts/followup.js';
import { outboxApi } from '../api/outbox-api.js';

/** The outbox, one status or all; refreshed every 15 s while open. */
export function useOutbox(status: OutboxStatus | '') {
  return useQuery({
    queryKey: ['staff', 'outbox', status],
    queryFn: ({ signal }) => outboxApi.outbox(status, signal),
    refetchInterval: 15_000,
  });
}
