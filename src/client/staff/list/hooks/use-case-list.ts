import { useQuery } from '@tanstack/react-query';
import { listApi } from '../api/list-api.js';
import { staffKeys } from '../../ui/query-keys.js';

/** One page of the list; the page shown stays while the next one comes (marked as placeholder). */
export function useCaseList(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: staffKeys.list(key),
    queryFn: ({ signal }) => listApi.list(new URLSearchParams(key), signal),
    placeholderData: (previous) => previous,
  });
}
