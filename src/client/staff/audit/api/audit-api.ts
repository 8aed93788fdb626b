import { request } from '../../../api/http.js';
import { staffPaths, type AuditAnswer } from '../../../../shared/staff-contract.js';

export const auditApi = {
  audit: (signal?: AbortSignal) => request<AuditAnswer>(staffPaths.audit, { signal }),
};
