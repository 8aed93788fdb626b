import { useQuery } from '@tanstack/react-query';
import { funnelApi } from '../api/funnel-api.js';
import { staffKeys } from '../../ui/query-keys.js';

export function useFunnel(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: staffKeys.funnel(key),
    queryFn: ({ signal }) => funnelApi.funnel(new URLSearchParams(key), signal),
    placeholderData: (previous) => previous,
  });
}
