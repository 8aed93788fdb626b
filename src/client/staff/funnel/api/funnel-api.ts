import { request } from '../../../api/http.js';
import { staffPaths } from '../../../../shared/contracts/staff.js';
import type { FunnelAnswer } from '../../../../shared/contracts/staff.schemas.js';
import { withQuery } from '../../ui/api/staff-paths.js';

export const funnelApi = {
  funnel: (params: URLSearchParams, signal?: AbortSignal) =>
    request<FunnelAnswer>(withQuery(staffPaths.funnel, params), { signal }),
};
