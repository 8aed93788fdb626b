import { SMS_KINDS, SMS_STATUSES } from './sms.table.js';

const nullableInteger = { type: ['integer', 'null'] } as const;

export const outboxQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...SMS_STATUSES] },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;

const outboxItemSchema = {
  type: 'object',
  required: [
    'id',
    'kind',
    'receptor',
    'status',
    'attempts',
    'createdAt',
    'sentAt',
    'nextAttemptAt',
    'error',
    'trackingCode',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: [...SMS_KINDS] },
    receptor: { type: 'string' },
    status: { type: 'string', enum: [...SMS_STATUSES] },
    attempts: { type: 'integer' },
    createdAt: { type: 'integer' },
    sentAt: nullableInteger,
    nextAttemptAt: nullableInteger,
    error: { type: ['string', 'null'] },
    trackingCode: { type: ['string', 'null'] },
  },
} as const;

export const outboxAnswerSchema = {
  type: 'object',
  required: ['provider', 'counts', 'items'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string', enum: ['log', 'kavenegar'] },
    counts: {
      type: 'object',
      required: [...SMS_STATUSES],
      additionalProperties: false,
      properties: Object.fromEntries(SMS_STATUSES.map((status) => [status, { type: 'integer' }])),
    },
    items: { type: 'array', items: outboxItemSchema },
  },
} as const;
