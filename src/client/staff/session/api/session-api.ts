import { request } from '../../../api/http.js';
import { staffPaths } from '../../../../shared/contracts/staff.js';
import type { StaffMe } from '../../../../shared/contracts/staff.schemas.js';

/** The console's session: who is signed in, signing in and out. */
export const sessionApi = {
  me: (signal?: AbortSignal) => request<StaffMe>(staffPaths.session, { signal }),
  signIn: (email: string, password: string) =>
    request<StaffMe>(staffPaths.session, { method: 'POST', body: { email, password } }),
  signOut: () => request<void>(staffPaths.session, { method: 'DELETE' }),
};
