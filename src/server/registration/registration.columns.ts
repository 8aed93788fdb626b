import type { Generated, Insertable } from 'kysely';
import type { FloorRule } from '../definition-check/floor.js';
import { pointerFrom } from '../../shared/definition/json-pointer.js';

/**
 * The one map of a registration's columns, in the order staff read them (the export's order). It
 * drives the table type, the row written from a form, the export's key columns and the log
 * redaction. Migration 001 made the table and stays as it was; tests/api/columns.test.ts checks
 * this map against the migrated table on SQLite and PostgreSQL, and against schemas/.
 *
 * - `sql`: the column's type as the migration declared it;
 * - `form`: where the value comes from in the registration form (path of property names);
 * - `boolean`: the form field is a boolean, stored as 0 or 1;
 * - `personal`: identifies or locates a person, so never written to a log;
 * - `generated`: the database fills it (an id, or a default) when the insert leaves it out;
 * - `floor`: what the column stores, whatever version of the form the value was filled in:
 *   the server refuses a registration below it (registration.floor.ts) and the checker a
 *   draft whose own rule is looser (src/server/definition-check/floor.ts). Its type follows `sql`
 *   (`boolean` for a boolean), and a column the database cannot fill is required. The columns are
 *   `text`: the lengths are sane limits with headroom over schemas/, not the database's.
 */
/**
 * Iran's bounding box (about 25.1–39.8° N, 44.0–63.3° E) rounded out to whole degrees: a point
 * outside it is not a pharmacy of this register, whatever the map of a version allowed.
 */
export const IRAN_BOX = {
  latitude: { minimum: 24, maximum: 40 },
  longitude: { minimum: 44, maximum: 64 },
} as const satisfies Record<string, ColumnFloor>;

export const registrationColumns = {
  id: { sql: 'integer', generated: true, personal: false },
  tracking_code: { sql: 'text', personal: false },
  status: { sql: 'text', generated: true, personal: false },
  created_at: { sql: 'text', personal: false },
  tier: { sql: 'integer', form: ['tier'], floor: { known: 'tier' }, personal: false },
  type: { sql: 'integer', form: ['type'], floor: {}, personal: false },
  service: { sql: 'integer', form: ['service'], floor: {}, personal: false },
  province_id: { sql: 'integer', personal: false },
  city_id: { sql: 'integer', form: ['cityId'], floor: { known: 'city' }, personal: false },
  latitude: { sql: 'double precision', form: ['latitude'], floor: IRAN_BOX.latitude, personal: false },
  longitude: { sql: 'double precision', form: ['longitude'], floor: IRAN_BOX.longitude, personal: false },
  pharmacy_name: { sql: 'text', form: ['name'], floor: { minLength: 1, maxLength: 200 }, personal: false },
  address: { sql: 'text', form: ['address'], floor: { minLength: 1, maxLength: 1000 }, personal: true },
  /** 0 or 1: SQLite has no boolean, and one code path serves both databases. Optional in the form. */
  has_davajoo: {
    sql: 'integer',
    form: ['hasDavajoo'],
    boolean: true,
    generated: true,
    floor: {},
    personal: false,
  },
  first_name: {
    sql: 'text',
    form: ['adminData', 'firstName'],
    floor: { minLength: 1, maxLength: 100 },
    personal: true,
  },
  last_name: { sql: 'text', form: ['adminData', 'lastName'], floor: { minLength: 1, maxLength: 100 }, personal: true },
  national_code: {
    sql: 'text',
    form: ['adminData', 'nationalCode'],
    floor: { format: 'ir-national-code', normalize: 'digits', maxLength: 10 },
    personal: true,
  },
  mobile_number: {
    sql: 'text',
    form: ['adminData', 'mobileNumber'],
    floor: { format: 'ir-mobile', normalize: 'mobile', maxLength: 11 },
    personal: true,
  },
  definition_version: { sql: 'text', personal: false },
  /** The whole normalised registration (captcha removed) as JSON text. */
  payload: { sql: 'text', personal: true },
} as const satisfies Record<string, ColumnDeclaration>;

export interface ColumnDeclaration {
  sql: keyof SqlTypes;
  form?: readonly string[];
  boolean?: true;
  generated?: true;
  floor?: ColumnFloor;
  personal: boolean;
}

/** A column's own part of its floor rule (the rest follows from the declaration). */
export type ColumnFloor = Omit<FloorRule, 'column' | 'target' | 'type' | 'required'>;

interface SqlTypes {
  integer: number;
  'double precision': number;
  text: string;
}

type Columns = typeof registrationColumns;
export type ColumnName = keyof Columns;

type ColumnValue<C> = C extends { sql: infer S extends keyof SqlTypes }
  ? C extends { generated: true }
    ? Generated<SqlTypes[S]>
    : SqlTypes[S]
  : never;

/** The `registrations` table as Kysely sees it. */
export type RegistrationTable = { -readonly [K in ColumnName]: ColumnValue<Columns[K]> };

/** Columns whose value is a form field. */
export type FormColumnName = {
  [K in ColumnName]: Columns[K] extends { form: readonly string[] } ? K : never;
}[ColumnName];

type FormValue<C> = C extends { boolean: true }
  ? boolean
  : C extends { sql: infer S extends keyof SqlTypes }
    ? SqlTypes[S]
    : never;
type Nest<Path, Value, Optional> = Path extends readonly [infer Head extends string]
  ? Optional extends true
    ? { [P in Head]?: Value }
    : { [P in Head]: Value }
  : Path extends readonly [infer Head extends string, ...infer Rest]
    ? { [P in Head]: Nest<Rest, Value, Optional> }
    : never;
type UnionToIntersection<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;
type Flatten<T> = T extends object ? { [K in keyof T]: Flatten<T[K]> } : T;

/** The form fields the columns hold, nested as the form nests them (a generated column's field is optional). */
export type ColumnFields = Flatten<
  UnionToIntersection<
    {
      [K in FormColumnName]: Nest<
        Columns[K]['form'],
        FormValue<Columns[K]>,
        Columns[K] extends { generated: true } ? true : false
      >;
    }[FormColumnName]
  >
>;

const entries = Object.entries(registrationColumns) as Array<[ColumnName, ColumnDeclaration]>;

/** Every column, in the order staff read them. */
export const COLUMN_NAMES: readonly ColumnName[] = entries.map(([name]) => name);

/** Form paths (dotted) that have a column of their own. */
export const FORM_PATHS_WITH_COLUMN: ReadonlySet<string> = new Set(
  entries.flatMap(([, column]) => (column.form ? [column.form.join('.')] : [])),
);

/** The names under which a personal value may appear in a log line: its column and its form field. */
export const PERSONAL_NAMES: readonly string[] = [
  ...new Set(
    entries
      .filter(([, column]) => column.personal)
      .flatMap(([name, column]) => [name, ...(column.form ? [column.form[column.form.length - 1]] : [])]),
  ),
];

/** The column values a form gives, a missing optional boolean being false. */
export function formColumns(form: Record<string, unknown>): Pick<Insertable<RegistrationTable>, FormColumnName> {
  const row: Record<string, unknown> = {};
  for (const [name, column] of entries) {
    if (!column.form) continue;
    const value = column.form.reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      form,
    );
    row[name] = column.boolean ? (value === true ? 1 : 0) : value;
  }
  // Built by walking the map above; the form passed schema validation, so each path holds its type.
  return row as Pick<Insertable<RegistrationTable>, FormColumnName>;
}

const floorType: Record<keyof SqlTypes, FloorRule['type']> = {
  integer: 'integer',
  'double precision': 'number',
  text: 'string',
};

/** Every form column's floor, as the server applies it and the checker compares drafts with it. */
export const STORED_FLOOR: readonly FloorRule[] = entries.flatMap(([name, column]) =>
  column.form
    ? [
        {
          ...column.floor,
          column: name,
          target: pointerFrom(column.form),
          type: column.boolean ? 'boolean' : floorType[column.sql],
          required: column.generated !== true,
        },
      ]
    : [],
);
