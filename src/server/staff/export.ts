/**
 * The registrations export, one module for the staff console's download (GET /api/staff/export)
 * and the command line (`npm run registrations -- export`): the same columns, the same CSV
 * quoting, the same JSON, read page by page so memory stays flat whatever the table holds.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { COLUMN_NAMES, FORM_PATHS_WITH_COLUMN, type ColumnName } from '../registration/registration.columns.js';
import type { RegistrationRow } from '../registration/registration.table.js';
import { casesAfter, type CaseFilters } from './case.repository.js';

export type ExportFormat = 'csv' | 'json';

/** The key columns, in the order staff read them; the payload is shown field by field instead. */
export const KEY_COLUMNS = COLUMN_NAMES.filter((name): name is Exclude<ColumnName, 'payload'> => name !== 'payload');

/** Payload paths already shown as key columns; every other payload path gets its own column. */
const COVERED = FORM_PATHS_WITH_COLUMN;

const PAGE = 1000;

/** Dotted paths of a payload's leaves that no key column shows (fields added later in schemas/). */
export function extraFields(payload: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(payload)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, leaf] of extraFields(value as Record<string, unknown>, path)) out.set(inner, leaf);
    } else if (!COVERED.has(path)) {
      out.set(path, value);
    }
  }
  return out;
}

export function parsePayload(row: Pick<RegistrationRow, 'payload'>): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.payload) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** RFC 4180 quoting, plus a leading ' before = + - @ so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** One registration as the JSON export shows it: its columns, with the payload as an object. */
export function jsonRecord(row: RegistrationRow): Record<string, unknown> {
  const { payload: _payload, ...columns } = row;
  return { ...columns, has_davajoo: row.has_davajoo === 1, payload: parsePayload(row) };
}

async function* pages(db: Kysely<Database>, filters: CaseFilters): AsyncGenerator<RegistrationRow[]> {
  let after = 0;
  for (;;) {
    const rows = await casesAfter(db, filters, after, PAGE);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** CSV, UTF-8 with a BOM for Excel: one column per key field, then one per extra form field. */
async function* csvChunks(db: Kysely<Database>, filters: CaseFilters): AsyncGenerator<string> {
  // First pass: which extra fields exist, so the header names them all.
  const extras = new Set<string>();
  for await (const rows of pages(db, filters)) {
    for (const row of rows) for (const path of extraFields(parsePayload(row)).keys()) extras.add(path);
  }
  const extraColumns = [...extras];
  yield `\uFEFF${csvLine([...KEY_COLUMNS, ...extraColumns])}`;
  for await (const rows of pages(db, filters)) {
    let chunk = '';
    for (const row of rows) {
      const extra = extraFields(parsePayload(row));
      chunk += csvLine([...KEY_COLUMNS.map((column) => row[column]), ...extraColumns.map((path) => extra.get(path))]);
    }
    yield chunk;
  }
}

/** A JSON array of registrations, each with its whole form as "payload". */
async function* jsonChunks(db: Kysely<Database>, filters: CaseFilters): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages(db, filters)) {
    const text = rows.map((row) => JSON.stringify(jsonRecord(row), null, 2)).join(',\n');
    yield `${first ? '\n' : ',\n'}${text}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** The filtered registrations, oldest first, as text chunks of the chosen format. */
export function exportRegistrations(
  db: Kysely<Database>,
  format: ExportFormat,
  filters: CaseFilters = {},
): AsyncGenerator<string> {
  return format === 'csv' ? csvChunks(db, filters) : jsonChunks(db, filters);
}
