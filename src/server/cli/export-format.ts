import { COLUMN_NAMES, FORM_PATHS_WITH_COLUMN, type ColumnName } from '../registration/registration.columns.js';
import type { RegistrationRow } from '../registration/registration.table.js';

/** The key columns, in the order staff read them; the payload is shown field by field instead. */
export const KEY_COLUMNS = COLUMN_NAMES.filter((name): name is Exclude<ColumnName, 'payload'> => name !== 'payload');

/** Payload paths already shown as key columns; every other payload path gets its own column. */
const COVERED = FORM_PATHS_WITH_COLUMN;

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

export function parsePayload(row: RegistrationRow): Record<string, unknown> {
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

/** One registration as the JSON export shows it: columns, with the payload as an object. */
export function jsonRecord(row: RegistrationRow): Record<string, unknown> {
  const { payload: _payload, ...columns } = row;
  return { ...columns, has_davajoo: row.has_davajoo === 1, payload: parsePayload(row) };
}
