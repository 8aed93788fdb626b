export interface IdempotencyKeyTable {
  key: string;
  session: string;
  request_hash: string;
  /** The answer as JSON text, written with the claim in the transaction that stores the registration. */
  response: string | null;
  created_at: number;
}

export interface VisitCountTable {
  day: string;
  tier: number;
  count: number;
}

export interface StepCountTable {
  day: string;
  tier: number;
  step: number;
  definition_version: string;
  count: number;
}

/**
 * Every table the server reads and writes. The database is the lowest room: it names no feature.
 * Each room adds its own tables to this interface where it declares them (its `*.table.ts`, by
 * `declare module '../db/tables.js'`); the tables declared here belong to no room of their own.
 */
export interface Database {
  idempotency_keys: IdempotencyKeyTable;
  visit_counts: VisitCountTable;
  step_counts: StepCountTable;
  /** Read-only: the trigram index of pharmacy names (migration 011), by registration id. */
  registration_name_search: { rowid: number; pharmacy_name: string };
}
