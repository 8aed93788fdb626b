/**
 * The form's behaviour («رفتار فرم», migration 019). A visit row lives only while the visit may
 * still go on: where the manager is (step and field names), when last heard of, whether they
 * registered. Never a value, an address or a user agent. Everything else is a counter.
 */
export interface InsightVisitTable {
  /** 16 random bytes the page made for the visit, base64url. */
  id: string;
  definition_version: string;
  last_step: string | null;
  last_field: string | null;
  /** Milliseconds since the epoch. */
  last_seen: number;
  /** 1 once the registration was accepted: such a visit is never counted as abandoned. */
  finished: number;
  /** Events accepted so far: the visit's allowance is checked against it in the upsert itself. */
  events: number;
}

/**
 * One counter: per Tehran day, version, measure, step, field and rule ('' where a measure has none).
 * Measures: reached, completed, time (rule: the time bucket), touched, invalid (rule), corrected,
 * server_refused, abandoned, registered, batch_refused (rule: the reason; version '').
 */
export interface InsightCountTable {
  day: string;
  definition_version: string;
  measure: string;
  step: string;
  field: string;
  rule: string;
  n: number;
}

/** The same counters summed by month (YYYY-MM of the Tehran day), added to with the daily ones (migration 022). */
export interface InsightMonthTable extends Omit<InsightCountTable, 'day'> {
  month: string;
}

declare module '../db/tables.js' {
  interface Database {
    insight_visits: InsightVisitTable;
    insight_counts: InsightCountTable;
    insight_months: InsightMonthTable;
  }
}
