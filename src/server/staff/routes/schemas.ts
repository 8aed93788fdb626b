/**
 * The staff routes' parameters and query strings, which only the server reads; the bodies and
 * answers the console shares are in src/shared/contracts/staff.schemas.ts.
 */
import { Type, type Static } from 'typebox';
import { CASE_STATUSES, LIST_SORTS } from '../../../shared/contracts/staff.js';
import { Instant, StringEnum } from '../../../shared/contracts/common.schemas.js';
import { INTEGER_COLUMN } from '../../db/tables.js';

/**
 * The largest id or code a column holds: a larger number in a query is refused with 400 here
 * rather than reach the database and fail there (500 on PostgreSQL).
 */
export const MAX_STORED_INTEGER = INTEGER_COLUMN.max;
const StoredInteger = Type.Integer({ minimum: 0, maximum: MAX_STORED_INTEGER });

/** A colleague's account id as a query writes it: nine digits at most, so it fits the column. */
export const ACCOUNT_ID_PATTERN = '[1-9][0-9]{0,8}';

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_STORED_INTEGER, description: 'the registration id' }),
});

/** The list's filters, also the export's and (narrowed) the /api/v1 readers'; `to` is exclusive. */
export const CaseFilterQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'a tracking code, part of a pharmacy name, a mobile or a national code (Persian or ASCII digits)',
    }),
  ),
  status: Type.Optional(StringEnum(CASE_STATUSES)),
  provinceId: Type.Optional(StoredInteger),
  cityId: Type.Optional(StoredInteger),
  tier: Type.Optional(StoredInteger),
  type: Type.Optional(StoredInteger),
  service: Type.Optional(StoredInteger),
  from: Type.Optional(Type.With(Instant, { description: 'registered at or after this instant' })),
  to: Type.Optional(Type.With(Instant, { description: 'registered before this instant' })),
  assignee: Type.Optional(
    Type.String({
      pattern: `^(me|none|${ACCOUNT_ID_PATTERN})$`,
      description: "`me`, `none` (nobody handles it) or a colleague's account id",
    }),
  ),
});
export type CaseFilterQuery = Static<typeof CaseFilterQuery>;

/** GET /api/staff/registrations: the filters, one page (1-based, 1-100 rows) and the order. */
export const CaseListQuery = Type.Object(
  {
    ...CaseFilterQuery.properties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_STORED_INTEGER, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    sort: Type.Optional(StringEnum(LIST_SORTS, { default: 'created_at' })),
    direction: Type.Optional(StringEnum(['asc', 'desc'], { default: 'desc' })),
  },
  { additionalProperties: false },
);

/** GET /api/staff/export (admins): the filtered registrations as a file. */
export const ExportQuery = Type.Object(
  { ...CaseFilterQuery.properties, format: StringEnum(['csv', 'json']) },
  { additionalProperties: false },
);
