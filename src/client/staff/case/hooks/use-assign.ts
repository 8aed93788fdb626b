import { useMutation } from '@tanstack/react-query';
import type { AssignRequest } from '../../../../shared/contracts/staff.schemas.js';
import { caseApi } from '../api/case-api.js';
import { useCasesChanged } from '../../ui/hooks/use-cases-changed.js';

export function useAssign(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (change: AssignRequest) => caseApi.assign(id, change),
    onSettled: () => changed([id]),
  });
}
