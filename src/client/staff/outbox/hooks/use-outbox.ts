import { useQuery } from '@tanstack/react-query';
import { followupPaths, type OutboxAnswer, type OutboxStatus } from '../../../../shared/followup-contract.js';
import { request } from '../../../api/http.js';

/** GET /api/staff/outbox (admins), one status or all; refreshed every 15 s while open. */
export function useOutbox(status: OutboxStatus | '') {
  return useQuery({
    queryKey: ['staff', 'outbox', status],
    queryFn: ({ signal }) =>
      request<OutboxAnswer>(status ? `${followupPaths.outbox}?status=${status}` : followupPaths.outbox, { signal }),
    refetchInterval: 15_000,
  });
}
