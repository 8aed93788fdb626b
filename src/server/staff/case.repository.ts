import type { Kysely, SelectQueryBuilder } from 'kysely';
import { normalizeDigitCode, normalizeMobile, normalizeText, toAsciiDigits } from '../../shared/normalize.js';
import type { ListSort } from '../../shared/staff-contract.js';
import type { Database } from '../db/tables.js';
import type { RegistrationRow } from '../registration/registration.table.js';
import { TRACKING_CODE_PATTERN } from '../registration/tracking-code.js';

export const CASE_STATUSES = ['new', 'contacted', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export interface CaseFilters {
  status?: CaseStatus;
  provinceId?: number;
  cityId?: number;
  tier?: number;
  type?: number;
  service?: number;
  /** ISO instants; `to` is exclusive. */
  from?: string;
  to?: string;
  /** A tracking code, pharmacy name, mobile or national code, in Persian or ASCII digits. */
  q?: string;
}

export interface CasePage {
  page: number;
  pageSize: number;
  sort: ListSort;
  direction: 'asc' | 'desc';
}

type RegistrationQuery<O> = SelectQueryBuilder<Database, 'registrations', O>;

function filtered<O>(query: RegistrationQuery<O>, filters: CaseFilters): RegistrationQuery<O> {
  let result = query;
  if (filters.status) result = result.where('status', '=', filters.status);
  if (filters.provinceId !== undefined) result = result.where('province_id', '=', filters.provinceId);
  if (filters.cityId !== undefined) result = result.where('city_id', '=', filters.cityId);
  if (filters.tier !== undefined) result = result.where('tier', '=', filters.tier);
  if (filters.type !== undefined) result = result.where('type', '=', filters.type);
  if (filters.service !== undefined) result = result.where('service', '=', filters.service);
  if (filters.from) result = result.where('created_at', '>=', filters.from);
  if (filters.to) result = result.where('created_at', '<', filters.to);
  const q = filters.q === undefined ? '' : normalizeText(toAsciiDigits(filters.q));
  if (q === '') return result;
  const digits = normalizeDigitCode(q);
  if (/^\d+$/.test(digits)) {
    return result.where((eb) =>
      eb.or([
        eb('national_code', '=', digits),
        eb('mobile_number', '=', normalizeMobile(digits)),
        eb('tracking_code', '=', digits),
      ]),
    );
  }
  // A tracking code is looked up by its unique index alone: OR-ed with the name's LIKE it would
  // make every code search a scan of the whole table.
  if (TRACKING_CODE_PATTERN.test(q.toUpperCase())) return result.where('tracking_code', '=', q.toUpperCase());
  // LIKE's wildcards are dropped rather than escaped: SQLite has no default escape character.
  const escaped = q.replace(/[\\%_]/g, '');
  return result.where('id', 'in', (eb) =>
    eb.selectFrom('registration_name_search').select('rowid').where('pharmacy_name', 'like', `%${escaped}%`),
  );
}

export async function listCases(
  db: Kysely<Database>,
  filters: CaseFilters,
  page: CasePage,
): Promise<{ total: number; rows: RegistrationRow[] }> {
  const { total } = await filtered(
    db.selectFrom('registrations').select((eb) => eb.fn.countAll<number>().as('total')),
    filters,
  ).executeTakeFirstOrThrow();
  const rows = await filtered(db.selectFrom('registrations').selectAll(), filters)
    .orderBy(page.sort, page.direction)
    .orderBy('id', page.direction)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return { total: Number(total), rows };
}

export function findCase(db: Kysely<Database>, id: number): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a registration from one status to the next; false when another colleague moved it first. */
export async function moveStatus(db: Kysely<Database>, id: number, from: CaseStatus, to: CaseStatus): Promise<boolean> {
  const result = await db
    .updateTable('registrations')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertNote(
  db: Kysely<Database>,
  registrationId: number,
  authorId: number,
  body: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('registration_notes')
    .values({ registration_id: registrationId, author_id: authorId, body, created_at: now })
    .execute();
}

export function notesOf(db: Kysely<Database>, registrationId: number) {
  return db
    .selectFrom('registration_notes')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'registration_notes.author_id')
    .select([
      'registration_notes.id',
      'registration_notes.body',
      'registration_notes.created_at',
      'staff_accounts.email as author',
    ])
    .where('registration_id', '=', registrationId)
    .orderBy('registration_notes.id')
    .execute();
}

/** Other registrations with the same national code, the same mobile, or the same pharmacy name in the same city. */
export function possibleDuplicates(db: Kysely<Database>, row: RegistrationRow) {
  return db
    .selectFrom('registrations')
    .select(['id', 'tracking_code', 'pharmacy_name', 'status', 'national_code', 'mobile_number', 'city_id'])
    .where('id', '!=', row.id)
    .where((eb) =>
      eb.or([
        eb('national_code', '=', row.national_code),
        eb('mobile_number', '=', row.mobile_number),
        eb.and([eb('pharmacy_name', '=', row.pharmacy_name), eb('city_id', '=', row.city_id)]),
      ]),
    )
    .orderBy('id')
    .limit(20)
    .execute()
    .then((found) =>
      found.map((other) => ({
        id: other.id,
        trackingCode: other.tracking_code,
        pharmacyName: other.pharmacy_name,
        status: other.status,
        reasons: [
          ...(other.national_code === row.national_code ? ['national_code'] : []),
          ...(other.mobile_number === row.mobile_number ? ['mobile_number'] : []),
          ...(other.pharmacy_name === row.pharmacy_name && other.city_id === row.city_id ? ['name_in_city'] : []),
        ],
      })),
    );
}
