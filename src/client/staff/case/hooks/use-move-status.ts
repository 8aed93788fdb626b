import { useMutation } from '@tanstack/react-query';
import type { CaseStatus } from '../../../../shared/contracts/staff.js';
import { caseApi } from '../api/case-api.js';
import { useCasesChanged } from '../../ui/hooks/use-cases-changed.js';

export function useMoveStatus(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: ({
      from,
      to,
      reason,
      showReason,
    }: {
      from: CaseStatus;
      to: CaseStatus;
      reason?: string;
      showReason?: boolean;
    }) => caseApi.moveStatus(id, from, to, reason, showReason),
    // A conflict means the case moved meanwhile: show it as it is now.
    onSettled: () => changed([id]),
  });
}
