/** The JSON schemas of the form's behaviour: the wizard's batch, and what staff and keys read. */
import {
  INSIGHT_EVENT_TYPES,
  MAX_BATCH_EVENTS,
  REFUSAL_REASONS,
  VISIT_ID_PATTERN,
} from '../../shared/contracts/insights.js';

/** A step, field or rule name: what a definition may call them, and no longer. */
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * One flat shape for every event (a `oneOf` of closed shapes would be stripped by Fastify's
 * removeAdditional while each branch is tried); which names each type needs is checked by the
 * service, against the version.
 */
const eventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: [...INSIGHT_EVENT_TYPES] },
    step: name,
    field: name,
    rule: name,
    ms: { type: 'integer', minimum: 0, maximum: 86_400_000, description: '`completed`: time on the step' },
  },
} as const;

export const eventBatchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['visit', 'version', 'events'],
  properties: {
    visit: { type: 'string', pattern: VISIT_ID_PATTERN, description: '16 random bytes made by the page, base64url' },
    version: { type: 'string', minLength: 1, maxLength: 100, description: 'the definition version being filled in' },
    at: {
      type: 'object',
      additionalProperties: false,
      required: ['step'],
      properties: { step: name, field: name },
      description: 'where the manager is now: a step id and, maybe, a field name',
    },
    events: {
      type: 'array',
      maxItems: MAX_BATCH_EVENTS,
      items: eventSchema,
    },
  },
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
} as const;

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a Tehran day, YYYY-MM-DD' } as const;
const version = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const insightsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { ...version, description: 'the version to read; the live one when left out' },
    compare: { ...version, description: 'a second version, read beside the first and compared with it' },
    from: { ...day, description: 'first Tehran day, inclusive' },
    to: { ...day, description: 'last Tehran day, inclusive' },
  },
} as const;

const rate = { type: ['number', 'null'] } as const;
const count = { type: 'integer', minimum: 0 } as const;

const comparisonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['difference', 'low', 'high', 'verdict'],
  properties: {
    difference: { ...rate, description: "the second version's rate minus the first's" },
    low: { ...rate, description: "95 % interval of the difference (Newcombe's, from Wilson intervals)" },
    high: rate,
    verdict: {
      type: 'string',
      enum: ['higher', 'lower', 'unclear'],
      description: '`unclear` when the counts cannot support a difference',
    },
  },
} as const;

const versionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'visits', 'registered', 'steps', 'fields'],
  properties: {
    version: { type: 'string' },
    visits: count,
    registered: count,
    steps: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['step', 'title', 'reached', 'completed', 'completionRate', 'medianSeconds'],
        properties: {
          step: { type: 'string' },
          title: { type: 'string' },
          reached: count,
          completed: count,
          completionRate: rate,
          medianSeconds: { ...rate, description: 'estimated from the time histogram; no visit’s own time is kept' },
        },
      },
    },
    fields: {
      type: 'array',
      description: 'ordered by managers lost there, then by errors',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['step', 'field', 'title', 'touched', 'rules', 'corrected', 'refused', 'abandoned', 'abandonedShare'],
        properties: {
          step: { type: 'string' },
          field: { type: 'string' },
          title: { type: 'string' },
          touched: count,
          rules: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['rule', 'message', 'count', 'share'],
              properties: { rule: { type: 'string' }, message: { type: 'string' }, count, share: rate },
            },
          },
          corrected: count,
          refused: count,
          abandoned: count,
          abandonedShare: rate,
        },
      },
    },
  },
} as const;

export const insightsAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['versions', 'first', 'second', 'comparison', 'refused'],
  properties: {
    versions: {
      type: 'array',
      items: { type: 'string' },
      description: 'every published version, oldest first, then any other with counts',
    },
    first: versionSchema,
    second: { anyOf: [versionSchema, { type: 'null' }] },
    comparison: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['steps', 'fields'],
          properties: {
            steps: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['step', 'completionRate'],
                properties: { step: { type: 'string' }, completionRate: comparisonSchema },
              },
            },
            fields: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['step', 'field', 'rules', 'abandonedShare'],
                properties: {
                  step: { type: 'string' },
                  field: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['rule', 'share'],
                      properties: { rule: { type: 'string' }, share: comparisonSchema },
                    },
                  },
                  abandonedShare: comparisonSchema,
                },
              },
            },
          },
        },
        { type: 'null' },
      ],
    },
    refused: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, count])),
      description: 'batches refused in the period, by reason; nothing of them was kept',
    },
  },
} as const;
