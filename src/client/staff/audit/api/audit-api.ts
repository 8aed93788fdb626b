import { request } from '../../../api/http.js';
import { staffPaths } from '../../../../shared/contracts/staff.js';
import type { AuditAnswer } from '../../../../shared/contracts/staff.schemas.js';

export const auditApi = {
  audit: (signal?: AbortSignal) => request<AuditAnswer>(staffPaths.audit, { signal }),
};
