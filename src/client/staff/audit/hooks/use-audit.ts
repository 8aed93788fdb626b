import { useQuery } from '@tanstack/react-query';
import { auditApi } from '../api/audit-api.js';
import { staffKeys } from '../../ui/query-keys.js';

export function useAudit() {
  return useQuery({ queryKey: staffKeys.audit, queryFn: ({ signal }) => auditApi.audit(signal) });
}
