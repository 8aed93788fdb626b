import { useQuery } from '@tanstack/react-query';
import { caseApi } from '../api/case-api.js';
import { staffKeys } from '../../ui/query-keys.js';

export function useCase(id: number) {
  return useQuery({
    queryKey: staffKeys.case(id),
    queryFn: ({ signal }) => caseApi.registration(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
