import { followupPaths, type OutboxStatus } from '../../../../shared/contracts/followup.js';
import type { OutboxAnswer } from '../../../../shared/contracts/followup.schemas.js';
import { request } from '../../../api/http.js';

/** GET /api/staff/outbox (admins), one status or all. */
export const outboxApi = {
  outbox: (status: OutboxStatus | '', signal?: AbortSignal) =>
    request<OutboxAnswer>(status ? `${followupPaths.outbox}?status=${status}` : followupPaths.outbox, { signal }),
};
