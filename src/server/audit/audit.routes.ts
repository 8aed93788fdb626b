import type { FastifyPluginAsync } from 'fastify';
import { apiTags } from '../api-tags.js';
import { staffPaths, type AuditAnswer } from '../../shared/contracts/staff.js';
import { errorResponses } from '../errors.js';
import { recentAudit } from './audit.repository.js';
import { auditAnswerSchema } from './audit.schemas.js';

/** The audit log (admins). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { limit?: number } }>(
    staffPaths.audit,
    {
      schema: {
        operationId: 'listAuditEvents',
        tags: [apiTags.staffAudit.name],
        summary: 'The latest audit events (admins)',
        description:
          'Sign-ins and sign-outs, status changes, assignments, notes and exports, newest first, each with the colleague and the case (id and tracking code) it concerns.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        },
        response: { 200: auditAnswerSchema, ...errorResponses },
      },
      config: { staffRoles: ['admin'] },
    },
    async (request, reply): Promise<AuditAnswer> => {
      void reply.header('cache-control', 'no-store');
      return { events: await recentAudit(app.database.db, request.query.limit ?? 100) };
    },
  );
};
