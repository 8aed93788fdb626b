/**
 * The HTTP contract of the form's behaviour («رفتار فرم»): what the wizard reports of a visit, and
 * what staff and key holders read back. Types and names only. Nothing here ever carries a value a
 * manager typed, chose or pointed at: events name steps, fields and rules of the definition.
 */

export const insightsPaths = {
  /** POST, from the wizard's page: one batch of one visit's events. */
  events: '/api/Statistic/Events',
  /** GET ?version=&compare=&from=&to=: the console's screen. */
  staff: '/api/staff/insights',
  /** GET ?version=&compare=&from=&to= with a key of scope insights:read. */
  v1: '/api/v1/insights',
} as const;

/** A visit id: 16 random bytes from the page, base64url. */
export const VISIT_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
/** At most this many events in one batch (the step's events; a walk has well under a hundred). */
export const MAX_BATCH_EVENTS = 100;
/** At most this many events in one visit, whatever the batches: more is refused and counted as refused. */
export const MAX_VISIT_EVENTS = 400;

/**
 * One thing that happened in a visit. `step` is a step id, `field` a field name of that step,
 * `rule` a rule of that field: the JSON Schema keyword that failed (required, pattern, minLength…)
 * or, for `format`, the format's name (ir-national-code, ir-mobile).
 */
export type InsightEvent =
  | { type: 'shown'; step: string }
  /** The step passed and the manager moved on; `ms` since it was first shown. */
  | { type: 'completed'; step: string; ms: number }
  /** A field focused for the first time in the visit. */
  | { type: 'touched'; step: string; field: string }
  /** A field left (or submitted) with an error of `rule`. */
  | { type: 'invalid'; step: string; field: string; rule: string }
  /** A field that had an error and later had none. */
  | { type: 'corrected'; step: string; field: string }
  /** A field the server refused on submit (its error.fields). */
  | { type: 'refused'; step: string; field: string }
  /** The registration was accepted: the visit is not abandoned. */
  | { type: 'registered' };

export type InsightEventType = InsightEvent['type'];

export const INSIGHT_EVENT_TYPES = [
  'shown',
  'completed',
  'touched',
  'invalid',
  'corrected',
  'refused',
  'registered',
] as const satisfies readonly InsightEventType[];

export interface InsightBatch {
  visit: string;
  version: string;
  /** Where the manager is now: the step and, when one has the focus or had it last, the field. */
  at?: { step: string; field?: string };
  events: InsightEvent[];
}

/** Why a batch was refused (each is counted, per day, and nothing of the batch is kept). */
export const REFUSAL_REASONS = ['no_session', 'unknown_version', 'unknown_name', 'too_many'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** One proportion compared between two versions (first → second). */
export interface RateComparison {
  /** Second version's rate minus the first's; null when either has nobody to count. */
  difference: number | null;
  /** The 95 % interval of the difference (Newcombe's, from two Wilson intervals). */
  low: number | null;
  high: number | null;
  /** `unclear`: too few visits, or the interval holds no difference at all («هنوز معلوم نیست»). */
  verdict: 'higher' | 'lower' | 'unclear';
}

export interface StepInsight {
  step: string;
  title: string;
  reached: number;
  completed: number;
  /** completed / reached; null with nobody reached. */
  completionRate: number | null;
  /** From the time histogram; null without a completed visit. The last bucket has no upper end. */
  medianSeconds: number | null;
}

export interface RuleInsight {
  rule: string;
  /** The rule's Persian message in that version's definition. */
  message: string;
  count: number;
  /** count / managers who reached the field's step. */
  share: number | null;
}

export interface FieldInsight {
  step: string;
  field: string;
  title: string;
  touched: number;
  rules: RuleInsight[];
  corrected: number;
  refused: number;
  abandoned: number;
  /** abandoned / managers who reached the field's step. */
  abandonedShare: number | null;
}

export interface VersionInsights {
  version: string;
  /** Managers who reached the first step. */
  visits: number;
  registered: number;
  steps: StepInsight[];
  /** Ordered by managers lost there (abandoned), then by errors. */
  fields: FieldInsight[];
}

export interface StepComparison {
  step: string;
  completionRate: RateComparison;
}

export interface FieldComparison {
  step: string;
  field: string;
  /** Per rule that either version counted. */
  rules: Array<{ rule: string; share: RateComparison }>;
  abandonedShare: RateComparison;
}

export interface InsightsComparison {
  steps: StepComparison[];
  fields: FieldComparison[];
}

export interface InsightsAnswer {
  /** Every published version, oldest first, then any other that has counts. */
  versions: string[];
  /** The version asked for (the live one when none was). */
  first: VersionInsights;
  second: VersionInsights | null;
  comparison: InsightsComparison | null;
  /** Batches refused in the period, by reason (their contents never kept). */
  refused: Partial<Record<RefusalReason, number>>;
}
