import { useMutation } from '@tanstack/react-query';
import { caseApi } from '../api/case-api.js';
import { useCasesChanged } from '../../ui/hooks/use-cases-changed.js';

export function useAddNote(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (body: string) => caseApi.addNote(id, body),
    onSuccess: () => changed([id]),
  });
}
