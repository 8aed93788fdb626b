import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiTags } from '../../api-tags.js';
import { staffPaths } from '../../../shared/contracts/staff.js';
import {
  AssignRequest,
  BulkCaseStatusChange,
  BulkStatusAnswer,
  CaseStatusChange,
  NoteRequest,
} from '../../../shared/contracts/staff.schemas.js';
import { addNote, assignCase, moveCase, moveCases } from '../case.service.js';
import type { UnassignedCount } from '../unassigned-count.js';
import { noContent, type TypedApp } from '../../api.schemas.js';
import { identity } from '../../staff-identity.js';
import { IdParams } from './schemas.js';
import { errorResponses } from '../../errors.js';

/** Working a case: its status (one or many), notes, and who handles it. Each is audited. */
export const caseActionsRoutes: FastifyPluginAsyncTypebox<{ unassigned: UnassignedCount }> = async (
  app,
  { unassigned },
) => {
  statusRoutes(app, unassigned);
  noteRoute(app);
  assigneeRoute(app, unassigned);
};

const tags = [apiTags.staffCaseWork.name];

/** A case's next status, one case or many. */
function statusRoutes(app: TypedApp, unassigned: UnassignedCount): void {
  app.post(
    staffPaths.status,
    {
      schema: {
        operationId: 'moveRegistration',
        tags,
        summary: 'Moves a registration to its next status',
        description:
          'new → contacted → approved | rejected; a rejection needs a reason. `from` is compared and set at once: 409 `status_conflict` when a colleague moved it first.',
        params: IdParams,
        body: CaseStatusChange,
        response: { 204: noContent, ...errorResponses },
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

  app.post(
    staffPaths.bulkStatus,
    {
      schema: {
        operationId: 'moveRegistrations',
        tags,
        summary: 'Moves several registrations to the same next status',
        description:
          'Each case is checked on its own `from` and audited on its own: the answer says, case by case, whether it moved, or why not (`status_conflict`, `not_found`). A rejection needs a reason (400, nothing changed).',
        body: BulkCaseStatusChange,
        response: { 200: BulkStatusAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const results = await moveCases(app.database, identity(request), request.body, app.clock(), {
        publicUrl: app.config.publicUrl,
      });
      unassigned.forget();
      void reply.header('cache-control', 'no-store');
      return { results };
    },
  );
}

function noteRoute(app: TypedApp): void {
  app.post(
    staffPaths.notes,
    {
      schema: {
        operationId: 'addRegistrationNote',
        tags,
        summary: 'Adds a note to a registration',
        description: 'The note is kept with its author and time, and shows in the case’s timeline.',
        params: IdParams,
        body: NoteRequest,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await addNote(app.database, identity(request), request.params.id, request.body.body, app.clock());
      return reply.code(204).send();
    },
  );
}

function assigneeRoute(app: TypedApp, unassigned: UnassignedCount): void {
  app.put(
    staffPaths.assignee,
    {
      schema: {
        operationId: 'assignRegistration',
        tags,
        summary: 'Sets who handles a registration',
        description:
          'An agent takes a case nobody handles (`from: null, to: <own id>`) or gives back their own (`from: <own id>, to: null`); an admin hands any case to any colleague of a case role. `from` is compared and set at once: 409 `assignment_conflict` when it is stale.',
        params: IdParams,
        body: AssignRequest,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assignCase(app.database, identity(request), request.params.id, request.body, app.clock());
      unassigned.forget();
      return reply.code(204).send();
    },
  );
}
