import type { FastifyPluginAsync } from 'fastify';
import { followupPaths, type OutboxAnswer } from '../../shared/contracts/followup.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { countOutbox, listOutbox, type OutboxListRow } from './outbox.repository.js';
import { maskMobile } from './provider.js';
import { outboxAnswerSchema, outboxQuerySchema } from './outbox.schemas.js';
import type { SmsStatus } from './sms.table.js';

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
        querystring: outboxQuerySchema,
        response: { 200: outboxAnswerSchema, ...errorResponses },
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
        items: rows.map(outboxItem),
      };
    },
  );
};

/** The number masked, and neither a notice's text nor a code: what an admin needs to follow up. */
function outboxItem(row: OutboxListRow): OutboxAnswer['items'][number] {
  return {
    id: row.id,
    kind: row.kind,
    receptor: maskMobile(row.receptor),
    status: row.status,
    attempts: row.attempts,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    nextAttemptAt: row.status === 'waiting' ? Number(row.next_attempt_at) : null,
    error: row.last_error,
    trackingCode: row.tracking_code,
  };
}
