/**
 * Every table the server reads and writes. The database is the lowest room: it names no feature.
 * Each room adds its own tables to this interface where it declares them (its `*.table.ts`, by
 * `declare module '../db/tables.js'`); the tables declared here belong to no room of their own.
 */
/**
 * What an `integer` column holds on PostgreSQL (SQLite's are wider): a number outside it cannot be
 * stored or compared there, so every input that reaches such a column is held to it first (the
 * registration's floor, the staff and /api/v1 queries' schemas), and PostgreSQL never fails on it.
 */
export const INTEGER_COLUMN = { min: -2_147_483_648, max: 2_147_483_647 } as const;

export interface Database {
  /** Read-only: the trigram index of pharmacy names (migration 011), by registration id. */
  registration_name_search: { rowid: number; pharmacy_name: string };
}
