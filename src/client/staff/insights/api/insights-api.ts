import { request } from '../../../api/http.js';
import { insightsPaths, type InsightsAnswer } from '../../../../shared/contracts/insights.js';
import { withQuery } from '../../ui/api/staff-paths.js';

export const insightsApi = {
  insights: (params: URLSearchParams, signal?: AbortSignal) =>
    request<InsightsAnswer>(withQuery(insightsPaths.staff, params), { signal }),
};
