/**
 * Every table the server reads and writes. The database is the lowest room: it names no feature.
 * Each room adds its own tables to this interface where it declares them (its `*.table.ts`, by
 * `declare module '../db/tables.js'`); the tables declared here belong to no room of their own.
 */
export interface Database {
  /** Read-only: the trigram index of pharmacy names (migration 011), by registration id. */
  registration_name_search: { rowid: number; pharmacy_name: string };
}
