import { useQuery } from '@tanstack/react-query';
import { insightsApi } from '../api/insights-api.js';
import { staffKeys } from '../../ui/query-keys.js';

export function useInsights(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: staffKeys.insights(key),
    queryFn: ({ signal }) => insightsApi.insights(new URLSearchParams(key), signal),
    placeholderData: (previous) => previous,
  });
}
