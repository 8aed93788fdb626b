import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { apiTags } from '../../api-tags.js';
import {
  staffPaths,
  type AssignRequest,
  type BulkStatusAnswer,
  type BulkCaseStatusChange,
  type NoteRequest,
  type CaseStatusChange,
} from '../../../shared/contracts/staff.js';
import { addNote, assignCase, moveCase, moveCases } from '../case.service.js';
import type { UnassignedCount } from '../unassigned-count.js';
import { noContent } from '../../api.schemas.js';
import { identity } from '../../staff-identity.js';
import {
  assignBodySchema,
  bulkStatusAnswerSchema,
  bulkStatusBodySchema,
  idParams,
  noteBodySchema,
  statusBodySchema,
} from './schemas.js';
import { errorResponses } from '../../errors.js';

/** Working a case: its status (one or many), notes, and who handles it. Each is audited. */
export const caseActionsRoutes: FastifyPluginAsync<{ unassigned: UnassignedCount }> = async (app, { unassigned }) => {
  statusRoutes(app, unassigned);
  noteRoute(app);
  assigneeRoute(app, unassigned);
};

const tags = [apiTags.staffCaseWork.name];

/** A case's next status, one case or many. */
function statusRoutes(app: FastifyInstance, unassigned: UnassignedCount): void {
  app.post<{ Params: { id: number }; Body: CaseStatusChange }>(
    staffPaths.status,
    {
      schema: {
        operationId: 'moveRegistration',
        tags,
        summary: 'Moves a registration to its next status',
        description:
          'new → contacted → approved | rejected; a rejection needs a reason. `from` is compared and set at once: 409 `status_conflict` when a colleague moved it first.',
        params: idParams,
        body: statusBodySchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await moveCase(app.database, identity(request), request.params.id, request.body, app.clock(), {
        publicUrl: app.config.publicUrl,
      });
      unassigned.forget();
      return reply.code(204).send();
    },
  );

  app.post<{ Body: BulkCaseStatusChange }>(
    staffPaths.bulkStatus,
    {
      schema: {
        operationId: 'moveRegistrations',
        tags,
        summary: 'Moves several registrations to the same next status',
        description:
          'Each case is checked on its own `from` and audited on its own: the answer says, case by case, whether it moved, or why not (`status_conflict`, `not_found`). A rejection needs a reason (400, nothing changed).',
        body: bulkStatusBodySchema,
        response: { 200: bulkStatusAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<BulkStatusAnswer> => {
      const results = await moveCases(app.database, identity(request), request.body, app.clock(), {
        publicUrl: app.config.publicUrl,
      });
      unassigned.forget();
      void reply.header('cache-control', 'no-store');
      return { results };
    },
  );
}

function noteRoute(app: FastifyInstance): void {
  app.post<{ Params: { id: number }; Body: NoteRequest }>(
    staffPaths.notes,
    {
      schema: {
        operationId: 'addRegistrationNote',
        tags,
        summary: 'Adds a note to a registration',
        description: 'The note is kept with its author and time, and shows in the case’s timeline.',
        params: idParams,
        body: noteBodySchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await addNote(app.database, identity(request), request.params.id, request.body.body, app.clock());
      return reply.code(204).send();
    },
  );
}

function assigneeRoute(app: FastifyInstance, unassigned: UnassignedCount): void {
  app.put<{ Params: { id: number }; Body: AssignRequest }>(
    staffPaths.assignee,
    {
      schema: {
        operationId: 'assignRegistration',
        tags,
        summary: 'Sets who handles a registration',
        description:
          'An agent takes a case nobody handles (`from: null, to: <own id>`) or gives back their own (`from: <own id>, to: null`); an admin hands any case to any colleague of a case role. `from` is compared and set at once: 409 `assignment_conflict` when it is stale.',
        params: idParams,
        body: assignBodySchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assignCase(app.database, identity(request), request.params.id, request.body, app.clock());
      unassigned.forget();
      return reply.code(204).send();
    },
  );
}
