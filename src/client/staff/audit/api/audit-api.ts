import { request } from '../../../api/http.js';
import { staffPaths, type AuditAnswer } from '../../../../shared/contracts/staff.js';

export const auditApi = {
  audit: (signal?: AbortSignal) => request<AuditAnswer>(staffPaths.audit, { signal }),
};
