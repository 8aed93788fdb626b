import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { normalizeDigitCode, normalizeMobile, normalizeText, toAsciiDigits } from '../../shared/text/normalize.js';
import {
  CASE_ROLES,
  OPEN_STATUSES,
  type CaseStatus,
  type ListSort,
  type StaffRole,
} from '../../shared/contracts/staff.js';
import type { Colleague, DuplicateReason } from '../../shared/contracts/staff.schemas.js';
import type { CaseFilterQuery } from './routes/schemas.js';
import type { Database } from '../db/tables.js';
import type { RegistrationRow } from '../registration/registration.table.js';
import { TRACKING_CODE_PATTERN } from '../registration/tracking-code.js';

export { CASE_STATUSES, type CaseStatus } from '../../shared/contracts/staff.js';

/** The list's filters as the repository reads them: `assignee` resolved to an account id (or `none`). */
export type CaseFilters = Omit<CaseFilterQuery, 'assignee'> & {
  /** A colleague's account id, or `none`: open cases nobody handles. */
  assignee?: number | 'none';
};

export interface CasePageRequest {
  page: number;
  pageSize: number;
  sort: ListSort;
  direction: 'asc' | 'desc';
}

/** A registration with who handles it and, while open, since when it waits. */
export type CaseRow = RegistrationRow & {
  assignee_id: number | null;
  assignee_email: string | null;
  assignee_role: StaffRole | null;
  waiting_since: string | null;
};

type RegistrationQuery<O> = SelectQueryBuilder<Database, 'registrations', O>;

function filtered<O>(query: RegistrationQuery<O>, filters: CaseFilters): RegistrationQuery<O> {
  let result = query;
  if (filters.status) result = result.where('registrations.status', '=', filters.status);
  if (filters.provinceId !== undefined) result = result.where('registrations.province_id', '=', filters.provinceId);
  if (filters.cityId !== undefined) result = result.where('registrations.city_id', '=', filters.cityId);
  if (filters.tier !== undefined) result = result.where('registrations.tier', '=', filters.tier);
  if (filters.type !== undefined) result = result.where('registrations.type', '=', filters.type);
  if (filters.service !== undefined) result = result.where('registrations.service', '=', filters.service);
  if (filters.from) result = result.where('registrations.created_at', '>=', filters.from);
  if (filters.to) result = result.where('registrations.created_at', '<', filters.to);
  result = byAssignee(result, filters.assignee);
  const q = filters.q === undefined ? '' : normalizeText(toAsciiDigits(filters.q));
  if (q === '') return result;
  const digits = normalizeDigitCode(q);
  if (/^\d+$/.test(digits)) {
    return result.where((eb) =>
      eb.or([
        eb('registrations.national_code', '=', digits),
        eb('registrations.mobile_number', '=', normalizeMobile(digits)),
        eb('registrations.tracking_code', '=', digits),
      ]),
    );
  }
  // A tracking code is looked up by its unique index alone: OR-ed with the name's LIKE it would
  // make every code search a scan of the whole table.
  if (TRACKING_CODE_PATTERN.test(q.toUpperCase()))
    return result.where('registrations.tracking_code', '=', q.toUpperCase());
  // LIKE's wildcards are dropped rather than escaped: SQLite has no default escape character.
  const escaped = q.replace(/[\\%_]/g, '');
  return result.where('registrations.id', 'in', (eb) =>
    eb.selectFrom('registration_name_search').select('rowid').where('pharmacy_name', 'like', `%${escaped}%`),
  );
}

/** A subquery rather than a join, so counting a filtered list still reads only its index. */
function byAssignee<O>(query: RegistrationQuery<O>, assignee: CaseFilters['assignee']): RegistrationQuery<O> {
  if (assignee === undefined) return query;
  // «بی‌مسئول» is an open case nobody handles: a closed case needs nobody, and the list must show
  // exactly what the unassigned count counts.
  if (assignee === 'none') {
    return query
      .where(isOpen)
      .where('registrations.id', 'not in', (eb) =>
        eb.selectFrom('case_handling').select('registration_id').where('assignee_id', 'is not', null),
      );
  }
  return query.where('registrations.id', 'in', (eb) =>
    eb.selectFrom('case_handling').select('registration_id').where('assignee_id', '=', assignee),
  );
}

/** While a case is open: its last status change, else its creation. Null once closed. */
const waitingSince = sql<string | null>`case when registrations.status in (${sql.join([...OPEN_STATUSES])})
  then coalesce(case_handling.status_changed_at, registrations.created_at) end`;

/** The registrations of a query with who handles each and since when it waits. */
function withHandling<O>(query: RegistrationQuery<O>) {
  return query
    .leftJoin('case_handling', 'case_handling.registration_id', 'registrations.id')
    .leftJoin('staff_accounts as assignee', 'assignee.id', 'case_handling.assignee_id')
    .selectAll('registrations')
    .select([
      'assignee.id as assignee_id',
      'assignee.email as assignee_email',
      'assignee.role as assignee_role',
      waitingSince.as('waiting_since'),
    ]);
}

export async function listCases(
  db: Kysely<Database>,
  filters: CaseFilters,
  page: CasePageRequest,
): Promise<{ total: number; rows: CaseRow[] }> {
  const { total } = await filtered(
    db.selectFrom('registrations').select((eb) => eb.fn.countAll<number | string>().as('total')),
    filters,
  ).executeTakeFirstOrThrow();
  let query = withHandling(filtered(db.selectFrom('registrations'), filters));
  if (page.sort === 'waiting_since') {
    // Closed cases wait for nothing: after the open ones, whichever way the list is sorted.
    query = query
      .orderBy(sql`case when ${waitingSince} is null then 1 else 0 end`)
      .orderBy(waitingSince, page.direction);
  } else {
    query = query.orderBy(`registrations.${page.sort}`, page.direction);
  }
  const rows = await query
    .orderBy('registrations.id', page.direction)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return { total: Number(total), rows };
}

/**
 * The open statuses as literals, not parameters: the partial index of open cases (migration 012)
 * is used only where the query's condition visibly implies the index's.
 */
const isOpen = sql<boolean>`registrations.status in (${sql.join(OPEN_STATUSES.map((status) => sql.lit(status)))})`;

/** Open cases (new or contacted) nobody handles, over the whole table. */
export async function countUnassigned(db: Kysely<Database>): Promise<number> {
  const { total } = await byAssignee(
    db.selectFrom('registrations').select((eb) => eb.fn.countAll<number | string>().as('total')),
    'none',
  ).executeTakeFirstOrThrow();
  return Number(total);
}

/** The export's pages: the filtered registrations in id order after `afterId` (keyset paging keeps memory flat). */
export function casesAfter(
  db: Kysely<Database>,
  filters: CaseFilters,
  afterId: number,
  limit: number,
): Promise<RegistrationRow[]> {
  return filtered(db.selectFrom('registrations').selectAll('registrations'), filters)
    .where('registrations.id', '>', afterId)
    .orderBy('registrations.id')
    .limit(limit)
    .execute();
}

/** When a case last changed as a reader outside sees it: its last status change, else its creation. */
const updatedAt = sql<string>`coalesce(case_handling.status_changed_at, registrations.created_at)`;

export type ReaderCaseRow = CaseRow & { updated_at: string };

/**
 * The versioned read route's pages: the filtered cases in id order after `afterId`,
 * changed at or after `updatedSince` if given. A case made between two pages has a higher id than
 * any already read, so a walk sees every case once, however many are made meanwhile.
 */
export function casesForReaderAfter(
  db: Kysely<Database>,
  filters: CaseFilters,
  page: { afterId: number; limit: number; updatedSince?: string },
): Promise<ReaderCaseRow[]> {
  let query = withHandling(filtered(db.selectFrom('registrations'), filters))
    .select(updatedAt.as('updated_at'))
    .where('registrations.id', '>', page.afterId);
  if (page.updatedSince !== undefined) query = query.where(updatedAt, '>=', page.updatedSince);
  return query.orderBy('registrations.id').limit(page.limit).execute();
}

export function findCaseForReader(db: Kysely<Database>, id: number): Promise<ReaderCaseRow | undefined> {
  return withHandling(db.selectFrom('registrations').where('registrations.id', '=', id))
    .select(updatedAt.as('updated_at'))
    .executeTakeFirst();
}

export function countCases(db: Kysely<Database>, filters: CaseFilters): Promise<number> {
  return filtered(
    db.selectFrom('registrations').select((eb) => eb.fn.countAll<number | string>().as('total')),
    filters,
  )
    .executeTakeFirstOrThrow()
    .then(({ total }) => Number(total));
}

export function findCase(db: Kysely<Database>, id: number): Promise<CaseRow | undefined> {
  return withHandling(db.selectFrom('registrations').where('registrations.id', '=', id)).executeTakeFirst();
}

/**
 * Moves a case from one status to the next and records when; undefined when another colleague
 * moved it first (compare-and-set on the status), else what the move's events say of the case.
 * Run it in the transaction that audits the move.
 */
export async function moveStatus(
  db: Kysely<Database>,
  id: number,
  from: CaseStatus,
  to: CaseStatus,
  at: string,
): Promise<{ tracking_code: string; definition_version: string } | undefined> {
  const moved = await db
    .updateTable('registrations')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['tracking_code', 'definition_version'])
    .executeTakeFirst();
  if (!moved) return undefined;
  await db
    .insertInto('case_handling')
    .values({ registration_id: id, assignee_id: null, status_changed_at: at })
    .onConflict((oc) => oc.column('registration_id').doUpdateSet({ status_changed_at: at }))
    .execute();
  return moved;
}

/**
 * Hands a case from one colleague (or nobody) to another (or nobody); false when it is no longer
 * `from`'s (compare-and-set on the assignee). A case never handled has no row yet: the insert
 * makes it, and a row made meanwhile by someone else is only taken over while nobody handles it.
 */
export async function setAssignee(
  db: Kysely<Database>,
  id: number,
  from: number | null,
  to: number | null,
): Promise<boolean> {
  if (from === null) {
    const taken = await db
      .insertInto('case_handling')
      .values({ registration_id: id, assignee_id: to, status_changed_at: null })
      .onConflict((oc) =>
        oc.column('registration_id').doUpdateSet({ assignee_id: to }).where('case_handling.assignee_id', 'is', null),
      )
      .returning('registration_id')
      .executeTakeFirst();
    return taken !== undefined;
  }
  const handed = await db
    .updateTable('case_handling')
    .set({ assignee_id: to })
    .where('registration_id', '=', id)
    .where('assignee_id', '=', from)
    .executeTakeFirst();
  return handed.numUpdatedRows > 0n;
}

/** Active accounts of a case role: who a case can be given to. */
export function listColleagues(db: Kysely<Database>): Promise<Colleague[]> {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'role'])
    .where('disabled', '=', 0)
    .where('role', 'in', [...CASE_ROLES])
    .orderBy('email')
    .execute();
}

export function findColleague(db: Kysely<Database>, id: number): Promise<Colleague | undefined> {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'role'])
    .where('id', '=', id)
    .where('disabled', '=', 0)
    .where('role', 'in', [...CASE_ROLES])
    .executeTakeFirst();
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
        status: other.status as CaseStatus,
        reasons: [
          ...(other.national_code === row.national_code ? ['national_code' as const] : []),
          ...(other.mobile_number === row.mobile_number ? ['mobile_number' as const] : []),
          ...(other.pharmacy_name === row.pharmacy_name && other.city_id === row.city_id
            ? ['name_in_city' as const]
            : []),
        ] satisfies DuplicateReason[],
      })),
    );
}
