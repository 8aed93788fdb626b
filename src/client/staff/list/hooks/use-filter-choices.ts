import { useQuery } from '@tanstack/react-query';
import { listApi } from '../api/list-api.js';
import { staffKeys } from '../../ui/query-keys.js';

/** Plans, pharmacy types and services: they change only with a new definition. */
export function useFilterChoices() {
  return useQuery({
    queryKey: staffKeys.filters,
    queryFn: ({ signal }) => listApi.filters(signal),
    staleTime: Infinity,
  });
}
