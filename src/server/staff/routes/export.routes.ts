import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { apiTags } from '../../api-tags.js';
import { staffPaths, type ExportQuery } from '../../../shared/contracts/staff.js';
import { appendAudit } from '../../audit/audit.repository.js';
import { countCases, type CaseFilters } from '../case.repository.js';
import { exportRegistrations } from '../export.js';
import { assigneeFilter } from './cases.routes.js';
import { identity } from '../../staff-identity.js';
import { filterProperties } from './schemas.js';
import { errorResponses } from '../../errors.js';

const contentType = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** The filtered registrations as a file (admins): the same module as `npm run registrations -- export`. */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ExportQuery & { assignee?: string } }>(
    staffPaths.export,
    {
      schema: {
        operationId: 'exportRegistrations',
        tags: [apiTags.staffExport.name],
        summary: 'Exports the filtered registrations (admins)',
        description:
          'CSV (UTF-8 with a BOM for Excel: key columns, then one per further form field) or JSON (each registration with its whole form), as the command line writes them. Audited.',
        querystring: {
          type: 'object',
          required: ['format'],
          additionalProperties: false,
          properties: { ...filterProperties, format: { type: 'string', enum: ['csv', 'json'] } },
        },
        response: {
          200: {
            description: 'the export file',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': {
                schema: { type: 'array', items: { type: 'object', additionalProperties: true } },
              },
            },
          },
          ...errorResponses,
        },
      },
      config: { staffRoles: ['admin'] },
    },
    async (request, reply) => {
      const { format, assignee, ...rest } = request.query;
      const me = identity(request);
      const filters: CaseFilters = { ...rest, assignee: assigneeFilter(assignee, me) };
      await appendAudit(app.database.db, {
        at: app.clock(),
        actorId: me.accountId,
        action: 'export',
        detail: {
          format,
          filters: { ...rest, ...(assignee === undefined ? {} : { assignee }) },
          count: await countCases(app.database.db, filters),
        },
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="registrations.${format}"`)
        .type(contentType[format])
        .send(Readable.from(exportRegistrations(app.database.db, format, filters)));
    },
  );
};
