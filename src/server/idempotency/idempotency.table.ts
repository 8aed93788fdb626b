/** One claimed Idempotency-Key of a session, with the answer it was given (migration 003). */
export interface IdempotencyKeyTable {
  key: string;
  session: string;
  request_hash: string;
  /** The answer as JSON text, written with the claim in the transaction that stores the registration. */
  response: string | null;
  created_at: number;
}

declare module '../db/tables.js' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}
