import { request } from '../../../api/http.js';
import { staffPaths } from '../../../../shared/contracts/staff.js';
import type { Colleague } from '../../../../shared/contracts/staff.schemas.js';

/** The colleagues a case can be given to, and the list filtered by. */
export const colleaguesApi = {
  colleagues: (signal?: AbortSignal) => request<Colleague[]>(staffPaths.colleagues, { signal }),
};
