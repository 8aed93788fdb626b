import type { FastifyPluginAsync } from 'fastify';
import { followupPaths, type OutboxAnswer } from '../../shared/followup-contract.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { countOutbox, listOutbox } from './outbox.repository.js';
import { maskMobile } from './provider.js';
import { SMS_KINDS, SMS_STATUSES, type SmsStatus } from './sms.table.js';

const nullableInteger = { type: ['integer', 'null'] } as const;

/** GET /api/staff/outbox (admins): the latest SMS, sent, waiting and failed, each number masked. */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { status?: SmsStatus; limit?: number } }>(
    followupPaths.outbox,
    {
      schema: {
        operationId: 'smsOutbox',
        tags: [apiTags.staffOutbox.name],
        summary: 'The SMS outbox (admins)',
        description:
          'Counts by status (waiting, sending, sent, failed) and the latest messages, optionally of one status: kind, the number masked (0912•••6789), attempts, times and the provider’s reason for a failure; never a message’s text or a code.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: [...SMS_STATUSES] },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          },
        },
        response: {
          200: {
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
              items: {
                type: 'array',
                items: {
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
                },
              },
            },
          },
          ...errorResponses,
        },
      },
      config: { staffRoles: ['admin'] },
    },
    async (request, reply): Promise<OutboxAnswer> => {
      void reply.header('cache-control', 'no-store');
      const db = app.database.db;
      const [counts, rows] = await Promise.all([
        countOutbox(db),
        listOutbox(db, { status: request.query.status, limit: request.query.limit ?? 100 }),
      ]);
      return {
        provider: app.sms.provider.name,
        counts,
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          // The number masked, and neither a notice's text nor a code: what an admin needs to follow up.
          receptor: maskMobile(row.receptor),
          status: row.status,
          attempts: row.attempts,
          createdAt: Number(row.created_at),
          sentAt: row.sent_at === null ? null : Number(row.sent_at),
          nextAttemptAt: row.status === 'waiting' ? Number(row.next_attempt_at) : null,
          error: row.last_error,
          trackingCode: row.tracking_code,
        })),
      };
    },
  );
};
