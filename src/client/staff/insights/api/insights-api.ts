import { request } from '../../../api/http.js';
import { insightsPaths } from '../../../../shared/contracts/insights.js';
import type { InsightsAnswer } from '../../../../shared/contracts/insights.schemas.js';
import { withQuery } from '../../ui/api/staff-paths.js';

export const insightsApi = {
  insights: (params: URLSearchParams, signal?: AbortSignal) =>
    request<InsightsAnswer>(withQuery(insightsPaths.staff, params), { signal }),
};
