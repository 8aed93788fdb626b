import { useMutation } from '@tanstack/react-query';
import type { BulkCaseStatusChange } from '../../../../shared/contracts/staff.schemas.js';
import { listApi } from '../api/list-api.js';
import { useCasesChanged } from '../../ui/hooks/use-cases-changed.js';

export function useBulkStatus() {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (body: BulkCaseStatusChange) => listApi.bulkStatus(body),
    onSettled: (_answer, _error, body) => changed(body.ids),
  });
}
