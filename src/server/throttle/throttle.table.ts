/**
 * One counted key: staff sign-in (`account:EMAIL`, `address:IP`), the status page's lookups and
 * the SMS codes, each under keys of its own. Times are epoch milliseconds; `locked_until` 0 is
 * "not waiting".
 */
export interface ThrottleTable {
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

declare module '../db/tables.js' {
  interface Database {
    /** Every limit counted in the database: staff sign-in, status lookups, SMS codes (migration 018). */
    throttle: ThrottleTable;
  }
}
