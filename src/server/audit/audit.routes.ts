import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiTags } from '../api-tags.js';
import { staffPaths } from '../../shared/contracts/staff.js';
import { AuditAnswer } from '../../shared/contracts/staff.schemas.js';
import { errorResponses } from '../errors.js';
import { recentAudit } from './audit.repository.js';

/** The audit log (admins). */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    staffPaths.audit,
    {
      schema: {
        operationId: 'listAuditEvents',
        tags: [apiTags.staffAudit.name],
        summary: 'The latest audit events (admins)',
        description:
          'Sign-ins and sign-outs, status changes, assignments, notes and exports, newest first, each with the colleague and the case (id and tracking code) it concerns.',
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: AuditAnswer, ...errorResponses },
      },
      config: { staffRoles: ['admin'] },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { events: await recentAudit(app.database.db, request.query.limit ?? 100) };
    },
  );
};
