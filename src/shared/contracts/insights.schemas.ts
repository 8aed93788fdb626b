/**
 * The shapes of the form's behaviour, each written once: the wizard's batch of a visit's events
 * and the numbers staff and key holders read back. The server declares these schemas on its
 * routes; the client imports the derived types (`import type` only).
 */
import { Type, type Static } from 'typebox';
import {
  INSIGHT_EVENT_TYPES,
  MAX_BATCH_EVENTS,
  REFUSAL_REASONS,
  VISIT_ID_PATTERN,
  type InsightEvent,
} from './insights.js';
import { Nullable, StringEnum } from './common.schemas.js';

/** A step, field or rule name: what a definition may call them, and no longer. */
const Name = Type.String({ minLength: 1, maxLength: 100 });

/**
 * One flat shape for every event (a `oneOf` of closed shapes would be stripped by Fastify's
 * removeAdditional while each branch is tried); which names each type needs is checked by the
 * service, against the version, so it is typed as the union of InsightEvent.
 */
const WireEvent = Type.Unsafe<InsightEvent>(
  Type.Object(
    {
      type: StringEnum(INSIGHT_EVENT_TYPES),
      step: Type.Optional(Name),
      field: Type.Optional(Name),
      rule: Type.Optional(Name),
      ms: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 86_400_000, description: '`completed`: time on the step' }),
      ),
    },
    { additionalProperties: false },
  ),
);

/** POST /api/Statistic/Events: one batch of one visit's events. */
export const InsightBatch = Type.Object(
  {
    visit: Type.String({ pattern: VISIT_ID_PATTERN, description: '16 random bytes made by the page, base64url' }),
    version: Type.String({ minLength: 1, maxLength: 100, description: 'the definition version being filled in' }),
    /** The field, when one has the focus or had it last. */
    at: Type.Optional(
      Type.Object(
        { step: Name, field: Type.Optional(Name) },
        { additionalProperties: false, description: 'where the manager is now: a step id and, maybe, a field name' },
      ),
    ),
    events: Type.Array(WireEvent, { maxItems: MAX_BATCH_EVENTS }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        visit: 'q3VnW8xY0sKp2Lm7Nc1RtA',
        version: '3f9a2c1d',
        at: { step: 'manager', field: 'mobileNumber' },
        events: [
          { type: 'touched', step: 'manager', field: 'nationalCode' },
          { type: 'invalid', step: 'manager', field: 'nationalCode', rule: 'ir-national-code' },
          { type: 'corrected', step: 'manager', field: 'nationalCode' },
        ],
      },
    ],
  },
);
export type InsightBatch = Static<typeof InsightBatch>;

/** A proportion; null with nobody to count. */
const Rate = Nullable(Type.Number());
const Count = Type.Integer({ minimum: 0 });

/** One proportion compared between two versions (first → second). */
export const RateComparison = Type.Object(
  {
    difference: Nullable(Type.Number(), { description: "the second version's rate minus the first's" }),
    low: Nullable(Type.Number(), {
      description: "95 % interval of the difference (Newcombe's, from Wilson intervals)",
    }),
    high: Rate,
    /** «هنوز معلوم نیست»: too few visits, or the interval holds no difference at all. */
    verdict: StringEnum(['higher', 'lower', 'unclear'], {
      description: '`unclear` when the counts cannot support a difference',
    }),
  },
  { additionalProperties: false },
);
export type RateComparison = Static<typeof RateComparison>;

export const StepInsight = Type.Object(
  {
    step: Type.String(),
    title: Type.String(),
    reached: Count,
    completed: Count,
    /** completed / reached. */
    completionRate: Rate,
    /** Null without a completed visit. The last bucket of the histogram has no upper end. */
    medianSeconds: Nullable(Type.Number(), {
      description: 'estimated from the time histogram; no visit’s own time is kept',
    }),
  },
  { additionalProperties: false },
);
export type StepInsight = Static<typeof StepInsight>;

export const RuleInsight = Type.Object(
  {
    rule: Type.String(),
    /** The rule's Persian message in that version's definition. */
    message: Type.String(),
    count: Count,
    /** count / managers who reached the field's step. */
    share: Rate,
  },
  { additionalProperties: false },
);
export type RuleInsight = Static<typeof RuleInsight>;

export const FieldInsight = Type.Object(
  {
    step: Type.String(),
    field: Type.String(),
    title: Type.String(),
    touched: Count,
    rules: Type.Array(RuleInsight),
    corrected: Count,
    refused: Count,
    abandoned: Count,
    /** abandoned / managers who reached the field's step. */
    abandonedShare: Rate,
  },
  { additionalProperties: false },
);
export type FieldInsight = Static<typeof FieldInsight>;

export const VersionInsights = Type.Object(
  {
    version: Type.String(),
    /** Managers who reached the first step. */
    visits: Count,
    registered: Count,
    steps: Type.Array(StepInsight),
    fields: Type.Array(FieldInsight, { description: 'ordered by managers lost there, then by errors' }),
  },
  { additionalProperties: false },
);
export type VersionInsights = Static<typeof VersionInsights>;

export const StepComparison = Type.Object(
  { step: Type.String(), completionRate: RateComparison },
  { additionalProperties: false },
);
export type StepComparison = Static<typeof StepComparison>;

export const FieldComparison = Type.Object(
  {
    step: Type.String(),
    field: Type.String(),
    /** Per rule that either version counted. */
    rules: Type.Array(Type.Object({ rule: Type.String(), share: RateComparison }, { additionalProperties: false })),
    abandonedShare: RateComparison,
  },
  { additionalProperties: false },
);
export type FieldComparison = Static<typeof FieldComparison>;

export const InsightsComparison = Type.Object(
  { steps: Type.Array(StepComparison), fields: Type.Array(FieldComparison) },
  { additionalProperties: false },
);
export type InsightsComparison = Static<typeof InsightsComparison>;

/** GET /api/staff/insights and /api/v1/insights. */
export const InsightsAnswer = Type.Object(
  {
    versions: Type.Array(Type.String(), {
      description: 'every published version, oldest first, then any other with counts',
    }),
    /** The version asked for (the live one when none was). */
    first: VersionInsights,
    second: Type.Union([VersionInsights, Type.Null()]),
    comparison: Type.Union([InsightsComparison, Type.Null()]),
    refused: Type.Partial(Type.Record(Type.Enum(REFUSAL_REASONS), Count), {
      additionalProperties: false,
      description: 'batches refused in the period, by reason; nothing of them was kept',
    }),
  },
  { additionalProperties: false },
);
export type InsightsAnswer = Static<typeof InsightsAnswer>;
