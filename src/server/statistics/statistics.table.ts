/** The wizard's visits per Tehran day and plan (migration 004). */
export interface VisitCountTable {
  day: string;
  tier: number;
  count: number;
}

/** The steps reached per Tehran day, plan and version of the definition (migration 009). */
export interface StepCountTable {
  day: string;
  tier: number;
  step: number;
  definition_version: string;
  count: number;
}

declare module '../db/tables.js' {
  interface Database {
    visit_counts: VisitCountTable;
    step_counts: StepCountTable;
  }
}
