import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiTags } from '../../api-tags.js';
import { staffPaths } from '../../../shared/contracts/staff.js';
import { appendAudit } from '../../audit/audit.repository.js';
import { countCases, type CaseFilters } from '../case.repository.js';
import { exportRegistrations } from '../export.js';
import { assigneeFilter } from './cases.routes.js';
import { identity } from '../../staff-identity.js';
import { ExportQuery } from './schemas.js';
import { OpenObject } from '../../../shared/contracts/common.schemas.js';
import { errorResponses } from '../../errors.js';

const contentType = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** The filtered registrations as a file (admins): the same module as `npm run registrations -- export`. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    staffPaths.export,
    {
      schema: {
        operationId: 'exportRegistrations',
        tags: [apiTags.staffExport.name],
        summary: 'Exports the filtered registrations (admins)',
        description:
          'CSV (UTF-8 with a BOM for Excel: key columns, then one per further form field) or JSON (each registration with its whole form), as the command line writes them. Audited.',
        querystring: ExportQuery,
        response: {
          200: {
            description: 'the export file',
            content: {
              'text/csv': { schema: Type.String() },
              'application/json': { schema: Type.Array(OpenObject()) },
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
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="registrations.${format}"`)
          .type(contentType[format])
          // Streamed as it is read: the 200 schemas describe the file, not the stream that writes it.
          .send(Readable.from(exportRegistrations(app.database.db, format, filters)) as never)
      );
    },
  );
};
