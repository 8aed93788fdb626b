/**
 * The HTTP contract of the form's behaviour («رفتار فرم»): what the wizard reports of a visit, and
 * what staff and key holders read back. The paths, names and limits; the shapes are in
 * insights.schemas.ts. Nothing here ever carries a value a manager typed, chose or pointed at:
 * events name steps, fields and rules of the definition.
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

/** Why a batch was refused (each is counted, per day, and nothing of the batch is kept). */
export const REFUSAL_REASONS = ['no_session', 'unknown_version', 'unknown_name', 'too_many'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
