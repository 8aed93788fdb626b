import { request } from '../api/http.js';
import { staffPaths, type FunnelAnswer, type StaffMe } from '../../shared/staff-contract.js';

export interface RegistrationSummary {
  id: number;
  trackingCode: string;
  status: string;
  createdAt: string;
  pharmacyName: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  nationalCode: string;
}

export interface RegistrationList {
  total: number;
  page: number;
  pageSize: number;
  items: RegistrationSummary[];
}

export interface TimelineEvent {
  id: number;
  at: number;
  action: string;
  actor: string | null;
  detail: { from?: string; to?: string; reason?: string; body?: string } | null;
}

export interface RegistrationPage extends RegistrationSummary {
  address: string;
  latitude: number;
  longitude: number;
  next: string[];
  /** Every answer with its Persian title and display value, from its definition version. */
  answers: Array<{ path: string; title: string; value: string }>;
  notes: Array<{ id: number; body: string; created_at: number; author: string }>;
  timeline: TimelineEvent[];
  duplicates: Array<{ id: number; trackingCode: string; pharmacyName: string; status: string; reasons: string[] }>;
}

/** The funnel's filter as the form gives it: empty means "any". */
export interface FunnelFilter {
  from: string;
  to: string;
  version: string;
}

const withId = (path: string, id: number): string => path.replace(':id', String(id));

export const staffApi = {
  me: () => request<StaffMe>(staffPaths.session),
  signIn: (email: string, password: string) =>
    request<StaffMe>(staffPaths.session, { method: 'POST', body: { email, password } }),
  signOut: () => request<void>(staffPaths.session, { method: 'DELETE' }),
  list: (query: { q?: string; status?: string; page: number }) => {
    const params = new URLSearchParams({ page: String(query.page) });
    if (query.q) params.set('q', query.q);
    if (query.status) params.set('status', query.status);
    return request<RegistrationList>(`${staffPaths.registrations}?${params}`);
  },
  registration: (id: number) => request<RegistrationPage>(withId(staffPaths.registration, id)),
  moveStatus: (id: number, from: string, to: string, reason?: string) =>
    request<void>(withId(staffPaths.status, id), { method: 'POST', body: { from, to, ...(reason ? { reason } : {}) } }),
  addNote: (id: number, body: string) =>
    request<void>(withId(staffPaths.notes, id), { method: 'POST', body: { body } }),
  funnel: (filter: FunnelFilter) => {
    const params = new URLSearchParams();
    for (const name of ['from', 'to', 'version'] as const) if (filter[name]) params.set(name, filter[name]);
    const query = params.toString();
    return request<FunnelAnswer>(query ? `${staffPaths.funnel}?${query}` : staffPaths.funnel);
  },
  exportUrl: (format: 'csv' | 'json', status?: string) =>
    `${staffPaths.export}?format=${format}${status ? `&status=${status}` : ''}`,
};
