import { request } from '../api/http.js';
import {
  staffPaths,
  type AssignRequest,
  type AuditAnswer,
  type BulkStatusAnswer,
  type BulkStatusRequest,
  type CaseDetail,
  type CasePage,
  type CaseStatus,
  type Colleague,
  type FilterChoices,
  type FunnelAnswer,
  type StaffMe,
} from '../../shared/staff-contract.js';

const withId = (path: string, id: number): string => path.replace(':id', String(id));
const withQuery = (path: string, params: URLSearchParams): string => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** The staff API, one function per call; reads take React Query's signal so a stale one is cancelled. */
export const staffApi = {
  me: (signal?: AbortSignal) => request<StaffMe>(staffPaths.session, { signal }),
  signIn: (email: string, password: string) =>
    request<StaffMe>(staffPaths.session, { method: 'POST', body: { email, password } }),
  signOut: () => request<void>(staffPaths.session, { method: 'DELETE' }),
  list: (params: URLSearchParams, signal?: AbortSignal) =>
    request<CasePage>(withQuery(staffPaths.registrations, params), { signal }),
  filters: (signal?: AbortSignal) => request<FilterChoices>(staffPaths.filters, { signal }),
  colleagues: (signal?: AbortSignal) => request<Colleague[]>(staffPaths.colleagues, { signal }),
  audit: (signal?: AbortSignal) => request<AuditAnswer>(staffPaths.audit, { signal }),
  registration: (id: number, signal?: AbortSignal) =>
    request<CaseDetail>(withId(staffPaths.registration, id), { signal }),
  moveStatus: (id: number, from: CaseStatus, to: CaseStatus, reason?: string, showReason?: boolean) =>
    request<void>(withId(staffPaths.status, id), {
      method: 'POST',
      body: { from, to, ...(reason ? { reason } : {}), ...(reason && showReason ? { showReason } : {}) },
    }),
  bulkStatus: (body: BulkStatusRequest) => request<BulkStatusAnswer>(staffPaths.bulkStatus, { method: 'POST', body }),
  assign: (id: number, change: AssignRequest) =>
    request<void>(withId(staffPaths.assignee, id), { method: 'PUT', body: change }),
  addNote: (id: number, body: string) =>
    request<void>(withId(staffPaths.notes, id), { method: 'POST', body: { body } }),
  funnel: (params: URLSearchParams, signal?: AbortSignal) =>
    request<FunnelAnswer>(withQuery(staffPaths.funnel, params), { signal }),
  exportUrl: (format: 'csv' | 'json', params: URLSearchParams) => {
    const withFormat = new URLSearchParams(params);
    withFormat.set('format', format);
    return withQuery(staffPaths.export, withFormat);
  },
};
