/** The JSON schemas of the audit log's answers (AuditEvent in src/shared/contracts/staff.ts in JSON Schema). */
import { AUDIT_ACTIONS } from '../../shared/contracts/staff.js';

export const auditEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'at', 'action', 'actor', 'registration', 'detail'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    actor: { type: ['string', 'null'], description: "the colleague's e-mail" },
    registration: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'trackingCode'],
          properties: { id: { type: 'integer' }, trackingCode: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    detail: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: { type: ['string', 'null'], description: 'a status, or an e-mail (assign)' },
            to: { type: ['string', 'null'], description: 'a status, or an e-mail (assign)' },
            reason: { type: 'string' },
            body: { type: 'string' },
            format: { type: 'string', enum: ['csv', 'json'] },
            filters: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
            count: { type: 'integer' },
            version: { type: 'string' },
            previousVersion: { type: 'string' },
            note: { type: 'string' },
            webhook: {
              type: 'object',
              required: ['id', 'url'],
              additionalProperties: false,
              properties: { id: { type: 'integer' }, url: { type: 'string' } },
              description: 'the webhook endpoint concerned',
            },
            changed: {
              type: 'array',
              items: { type: 'string' },
              description: 'the fields of an endpoint an admin changed',
            },
            name: { type: 'string', description: "an API key's name" },
            prefix: { type: 'string', description: "an API key's first characters" },
            scopes: { type: 'array', items: { type: 'string' } },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

export const auditAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: { events: { type: 'array', items: auditEventSchema } },
} as const;
