import { useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '../query-keys.js';

/** After a change to cases: their pages and every list page are read again. */
export function useCasesChanged() {
  const client = useQueryClient();
  return (ids: number[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.lists }),
      ...ids.map((id) => client.invalidateQueries({ queryKey: staffKeys.case(id) })),
    ]);
}
