import { request } from '../../../api/http.js';
import { staffPaths } from '../../../../shared/contracts/staff.js';
import type {
  BulkStatusAnswer,
  BulkCaseStatusChange,
  CasePage,
  FilterChoices,
} from '../../../../shared/contracts/staff.schemas.js';
import { withQuery } from '../../ui/api/staff-paths.js';

/** The list's calls; reads take React Query's signal so a stale one is cancelled. */
export const listApi = {
  list: (params: URLSearchParams, signal?: AbortSignal) =>
    request<CasePage>(withQuery(staffPaths.registrations, params), { signal }),
  filters: (signal?: AbortSignal) => request<FilterChoices>(staffPaths.filters, { signal }),
  bulkStatus: (body: BulkCaseStatusChange) =>
    request<BulkStatusAnswer>(staffPaths.bulkStatus, { method: 'POST', body }),
  exportUrl: (format: 'csv' | 'json', params: URLSearchParams) => {
    const withFormat = new URLSearchParams(params);
    withFormat.set('format', format);
    return withQuery(staffPaths.export, withFormat);
  },
};
