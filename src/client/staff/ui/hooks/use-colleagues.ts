import { useQuery } from '@tanstack/react-query';
import { colleaguesApi } from '../api/colleagues-api.js';
import { staffKeys } from '../query-keys.js';

export function useColleagues() {
  return useQuery({
    queryKey: staffKeys.colleagues,
    queryFn: ({ signal }) => colleaguesApi.colleagues(signal),
    staleTime: 5 * 60_000,
  });
}
