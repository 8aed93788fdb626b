import { request } from '../api/http.js';
import { apiPaths, type Locations, type RegisterConfig } from '../../shared/api-contract.js';
import {
  staffPaths,
  type FilterChoices,
  type FunnelAnswer,
  type ListSort,
  type StaffMe,
} from '../../shared/staff-contract.js';
import { parseJalaliDay, tehranDayStart } from './jalali.js';

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
  registration_id: number | null;
  detail: { from?: string; to?: string; reason?: string; body?: string; format?: string; count?: number } | null;
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

/** The list's search and filters as the form gives them: empty means "any"; days are Jalali text. */
export interface ListQuery {
  q: string;
  status: string;
  provinceId: string;
  cityId: string;
  tier: string;
  type: string;
  service: string;
  fromDay: string;
  toDay: string;
  page: number;
  sort: ListSort;
  direction: 'asc' | 'desc';
}

export const anyRegistration: ListQuery = {
  q: '',
  status: '',
  provinceId: '',
  cityId: '',
  tier: '',
  type: '',
  service: '',
  fromDay: '',
  toDay: '',
  page: 1,
  sort: 'created_at',
  direction: 'desc',
};

const PLAIN_FILTERS = ['q', 'status', 'provinceId', 'cityId', 'tier', 'type', 'service'] as const;

/** The API's query for the filters: the Jalali days become the instants their Tehran days start. */
function filterParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PLAIN_FILTERS) if (query[name]) params.set(name, query[name]);
  const from = parseJalaliDay(query.fromDay);
  if (from) params.set('from', tehranDayStart(from));
  // The last day is included: the range ends where the day after it begins.
  const to = parseJalaliDay(query.toDay);
  if (to) params.set('to', tehranDayStart(to, true));
  return params;
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
  list: (query: ListQuery) => {
    const params = filterParams(query);
    params.set('page', String(query.page));
    params.set('sort', query.sort);
    params.set('direction', query.direction);
    return request<RegistrationList>(`${staffPaths.registrations}?${params}`);
  },
  filters: () => request<FilterChoices>(staffPaths.filters),
  audit: () => request<{ events: TimelineEvent[] }>(staffPaths.audit),
  mapSettings: () => request<RegisterConfig>(apiPaths.config).then((config) => config.map),
  locations: () => request<Locations>(apiPaths.locations),
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
  exportUrl: (format: 'csv' | 'json', query: ListQuery) => {
    const params = filterParams(query);
    params.set('format', format);
    return `${staffPaths.export}?${params}`;
  },
};
