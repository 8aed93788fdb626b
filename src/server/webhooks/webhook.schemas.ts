/** The JSON schemas of the webhook routes (src/shared/contracts/integrations.ts in JSON Schema). */
import { MAX_WEBHOOK_HEADERS, WEBHOOK_EVENTS } from '../../shared/contracts/integrations.js';
import { instant } from '../api.schemas.js';

const event = { type: 'string', enum: [...WEBHOOK_EVENTS] } as const;

export const endpointParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, description: 'the endpoint id' } },
} as const;

export const deliveriesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

export const deliveryParams = {
  type: 'object',
  required: ['id', 'deliveryId'],
  properties: {
    id: { type: 'integer', minimum: 1, description: 'the endpoint id' },
    deliveryId: { type: 'integer', minimum: 1, description: 'the delivery (attempt) id' },
  },
} as const;

const inputProperties = {
  url: {
    type: 'string',
    minLength: 8,
    maxLength: 2000,
    description: 'the receiver; https in production; never a loopback, private or link-local address',
  },
  description: { type: 'string', maxLength: 200 },
  events: { type: 'array', items: event, minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true },
  headers: {
    type: 'object',
    maxProperties: MAX_WEBHOOK_HEADERS,
    additionalProperties: { type: 'string', maxLength: 1000 },
    description:
      'custom headers for the receiver’s gateway, name → value; the values are encrypted at rest and never returned',
  },
  enabled: { type: 'boolean' },
} as const;

export const createBodySchema = {
  type: 'object',
  required: ['url', 'description', 'events'],
  additionalProperties: false,
  properties: inputProperties,
} as const;

export const changeBodySchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: inputProperties,
} as const;

export const endpointSchema = {
  type: 'object',
  required: [
    'id',
    'url',
    'description',
    'events',
    'headerNames',
    'enabled',
    'disabledReason',
    'createdAt',
    'previousSecretUntil',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    description: { type: 'string' },
    events: { type: 'array', items: event },
    headerNames: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    disabledReason: { type: ['string', 'null'], enum: ['gone', 'failing', null] },
    createdAt: instant,
    previousSecretUntil: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const endpointListSchema = { type: 'array', items: endpointSchema } as const;

/** The body of the actions that take none (rotate, test, replay): nothing, or `{}`. */
export const emptyBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

/** The rotation's body: nothing, or whether to drop a rotated-out secret that still signs. */
export const rotateBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    dropPrevious: {
      type: 'boolean',
      description:
        'while the secret rotated out last still signs (24 hours), a rotation is refused (409 `webhook_rotation_pending`) unless this is true: it then stops signing at once',
    },
  },
} as const;

const secret = { type: 'string', pattern: '^whsec_', description: 'shown this once' } as const;

export const createdSchema = {
  type: 'object',
  required: ['id', 'secret'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, secret },
  example: { id: 1, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
} as const;

export const rotatedSchema = {
  type: 'object',
  required: ['secret'],
  additionalProperties: false,
  properties: { secret },
} as const;

export const testAnswerSchema = {
  type: 'object',
  required: ['status', 'ms', 'answer'],
  additionalProperties: false,
  properties: {
    status: { type: ['integer', 'null'], description: 'the receiver’s HTTP status; null when it did not answer' },
    ms: { type: 'integer' },
    answer: { type: 'string', description: 'the first 500 bytes of the answer, or why there was none' },
  },
} as const;

export const deliveriesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'webhookId', 'event', 'attempt', 'status', 'state', 'at', 'answer'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      webhookId: { type: 'string' },
      event: { type: 'string', enum: [...WEBHOOK_EVENTS, 'ping'] },
      attempt: { type: 'integer' },
      status: { type: ['integer', 'null'] },
      state: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
      at: instant,
      answer: { type: 'string' },
    },
  },
} as const;
