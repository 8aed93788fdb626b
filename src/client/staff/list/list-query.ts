/**
 * The list's filters, sort and page as the address carries them (/staff/registrations?status=new&page=2),
 * so Reload, Back and a link sent to a colleague show the same list. Read leniently: a value that is
 * not one the list knows is ignored, never an error screen.
 */
import { CASE_STATUSES, LIST_SORTS, type ListSort } from '../../../shared/contracts/staff.js';
import { jalaliDayKey, parseJalaliDay, jalaliDayStart } from '../ui/jalali.js';

export interface ListQuery {
  q: string;
  status: string;
  provinceId: string;
  cityId: string;
  tier: string;
  type: string;
  service: string;
  /** `me`, `none` or a colleague's id; empty for anyone's. */
  assignee: string;
  /** Jalali days as 1405-09-03, the last one included; empty for no bound. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sort: ListSort;
  direction: 'asc' | 'desc';
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const anyRegistration: ListQuery = {
  q: '',
  status: '',
  provinceId: '',
  cityId: '',
  tier: '',
  type: '',
  service: '',
  assignee: '',
  from: '',
  to: '',
  page: 1,
  pageSize: 25,
  sort: 'created_at',
  direction: 'desc',
};

/** The filters sent to the API as they are (ids and words). */
const PLAIN_FILTERS = ['q', 'status', 'provinceId', 'cityId', 'tier', 'type', 'service', 'assignee'] as const;
const ID = /^\d{1,9}$/;
const valid: Record<(typeof PLAIN_FILTERS)[number], (value: string) => boolean> = {
  q: (value) => value.length <= 100,
  status: (value) => (CASE_STATUSES as readonly string[]).includes(value),
  provinceId: (value) => ID.test(value),
  cityId: (value) => ID.test(value),
  tier: (value) => ID.test(value),
  type: (value) => ID.test(value),
  service: (value) => ID.test(value),
  assignee: (value) => value === 'me' || value === 'none' || ID.test(value),
};

const dayKey = (text: string | null): string => {
  const day = text ? parseJalaliDay(text) : undefined;
  return day ? jalaliDayKey(day) : '';
};

/** The list's query from the address's search part. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const query: ListQuery = { ...anyRegistration };
  for (const name of PLAIN_FILTERS) {
    const value = params.get(name)?.trim() ?? '';
    if (value && valid[name](value)) query[name] = value;
  }
  if (!query.provinceId) query.cityId = '';
  query.from = dayKey(params.get('from'));
  query.to = dayKey(params.get('to'));
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1) query.page = page;
  const pageSize = Number(params.get('pageSize'));
  if ((PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  const sort = params.get('sort');
  if ((LIST_SORTS as readonly string[]).includes(sort ?? '')) query.sort = sort as ListSort;
  const direction = params.get('direction');
  if (direction === 'asc' || direction === 'desc') query.direction = direction;
  return query;
}

/** The address's search part for a query: only what differs from the whole list, in a fixed order. */
export function listSearch(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of [...PLAIN_FILTERS, 'from', 'to'] as const) if (query[name]) params.set(name, query[name]);
  if (query.page !== anyRegistration.page) params.set('page', String(query.page));
  if (query.pageSize !== anyRegistration.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.sort !== anyRegistration.sort || query.direction !== anyRegistration.direction) {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  return params;
}

/** The API's filters: the Jalali days become the instants their Tehran days start, the last one included. */
export function filterParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PLAIN_FILTERS) if (query[name]) params.set(name, query[name]);
  const from = parseJalaliDay(query.from);
  if (from) params.set('from', jalaliDayStart(from));
  const to = parseJalaliDay(query.to);
  if (to) params.set('to', jalaliDayStart(to, true));
  return params;
}

/** The API's query for one page of the list. */
export function listParams(query: ListQuery): URLSearchParams {
  const params = filterParams(query);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  params.set('sort', query.sort);
  params.set('direction', query.direction);
  return params;
}

/** A second press on a column reverses it; a new column starts newest first (dates), longest waiting first, or A→Z. */
export function sortedBy(query: ListQuery, column: ListSort): ListQuery {
  const direction =
    query.sort === column ? (query.direction === 'asc' ? 'desc' : 'asc') : column === 'created_at' ? 'desc' : 'asc';
  return { ...query, sort: column, direction, page: 1 };
}
