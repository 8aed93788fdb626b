import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { followupPaths } from '../../shared/contracts/followup.js';
import { OutboxAnswer, type OutboxItem } from '../../shared/contracts/followup.schemas.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { countOutbox, listOutbox, type OutboxListRow } from './outbox.repository.js';
import { maskMobile } from './provider.js';
import { OutboxQuery } from './outbox.schemas.js';

/** GET /api/staff/outbox (admins): the latest SMS, sent, waiting and failed, each number masked. */
export const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    followupPaths.outbox,
    {
      schema: {
        operationId: 'smsOutbox',
        tags: [apiTags.staffOutbox.name],
        summary: 'The SMS outbox (admins)',
        description:
          'Counts by status (waiting, sending, sent, failed) and the latest messages, optionally of one status: kind, the number masked (0912•••6789), attempts, times and the provider’s reason for a failure; never a message’s text or a code.',
        querystring: OutboxQuery,
        response: { 200: OutboxAnswer, ...errorResponses },
      },
      config: { staffRoles: ['admin'] },
    },
    async (request, reply) => {
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
function outboxItem(row: OutboxListRow): OutboxItem {
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
