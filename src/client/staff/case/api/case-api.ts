import { request } from '../../../api/http.js';
import { staffPaths, type CaseStatus } from '../../../../shared/contracts/staff.js';
import type { AssignRequest, CaseDetail } from '../../../../shared/contracts/staff.schemas.js';
import { withId } from '../../ui/api/staff-paths.js';

/** A case's calls; the read takes React Query's signal so a stale one is cancelled. */
export const caseApi = {
  registration: (id: number, signal?: AbortSignal) =>
    request<CaseDetail>(withId(staffPaths.registration, id), { signal }),
  moveStatus: (id: number, from: CaseStatus, to: CaseStatus, reason?: string, showReason?: boolean) =>
    request<void>(withId(staffPaths.status, id), {
      method: 'POST',
      body: { from, to, ...(reason ? { reason } : {}), ...(reason && showReason ? { showReason } : {}) },
    }),
  assign: (id: number, change: AssignRequest) =>
    request<void>(withId(staffPaths.assignee, id), { method: 'PUT', body: change }),
  addNote: (id: number, body: string) =>
    request<void>(withId(staffPaths.notes, id), { method: 'POST', body: { body } }),
};
