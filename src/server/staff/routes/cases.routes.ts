import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { apiTags } from '../../api-tags.js';
import { staffPaths, type CaseListQuery, type CasePage, type FilterChoices } from '../../../shared/contracts/staff.js';
import type { Definition } from '../../definition/definition.js';
import { definitionOfVersion } from '../../definition/definition-version.repository.js';
import { ApiError, errorResponses } from '../../errors.js';
import type { CaseReading } from '../answers.js';
import { listCases, listColleagues, type CaseFilters } from '../case.repository.js';
import { caseDetail, caseSummary } from '../case.service.js';
import { filterChoices } from '../filter-choices.js';
import type { StaffIdentity } from '../../staff-identity.js';
import type { UnassignedCount } from '../unassigned-count.js';
import { identity } from '../../staff-identity.js';
import {
  caseDetailSchema,
  casePageSchema,
  colleagueSchema,
  filterChoicesSchema,
  idParams,
  listQuerySchema,
} from './schemas.js';

/** The list's `assignee` as the repository takes it: `me` is the caller's own id. */
export function assigneeFilter(value: string | undefined, me: StaffIdentity): CaseFilters['assignee'] {
  if (value === undefined) return undefined;
  if (value === 'me') return me.accountId;
  if (value === 'none') return 'none';
  return Number(value);
}

const tags = [apiTags.staffRegistrations.name];

/** The list of registrations, a case's page, the list's filter choices and the colleagues. */
export const casesRoutes: FastifyPluginAsync<{ unassigned: UnassignedCount }> = async (app, { unassigned }) => {
  caseListRoute(app, unassigned);
  filterChoicesRoute(app);
  colleaguesRoute(app);
  casePageRoute(app);
};

function caseListRoute(app: FastifyInstance, unassigned: UnassignedCount): void {
  app.get<{ Querystring: CaseListQuery & { assignee?: string } }>(
    staffPaths.registrations,
    {
      schema: {
        operationId: 'listRegistrations',
        tags,
        summary: 'One page of registrations, filtered, searched and sorted',
        description:
          'With who handles each case and, while it is open, since when it waits; `unassigned` counts the open cases nobody handles, over the whole table.',
        querystring: listQuerySchema,
        response: { 200: casePageSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<CasePage> => {
      const { page = 1, pageSize = 25, sort = 'created_at', direction = 'desc', assignee, ...rest } = request.query;
      const filters: CaseFilters = { ...rest, assignee: assigneeFilter(assignee, identity(request)) };
      const [{ total, rows }, unassignedCases] = await Promise.all([
        listCases(app.database.db, filters, { page, pageSize, sort, direction }),
        unassigned.read(),
      ]);
      void reply.header('cache-control', 'no-store');
      return { total, page, pageSize, unassigned: unassignedCases, items: rows.map(caseSummary) };
    },
  );
}

function filterChoicesRoute(app: FastifyInstance): void {
  // The live version's choices: an option published from the editor is a filter at once.
  const choicesByVersion = new WeakMap<Definition, FilterChoices>();
  const liveChoices = (): FilterChoices => {
    const live = app.definitions.live();
    const known = choicesByVersion.get(live);
    if (known) return known;
    const choices = filterChoices(live);
    choicesByVersion.set(live, choices);
    return choices;
  };
  app.get(
    staffPaths.filters,
    {
      schema: {
        operationId: 'listFilterChoices',
        tags,
        summary: "The list filters' choices",
        description: 'Plans, pharmacy types and services with their Persian titles, taken from schemas/.',
        response: { 200: filterChoicesSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return liveChoices();
    },
  );
}

function colleaguesRoute(app: FastifyInstance): void {
  app.get(
    staffPaths.colleagues,
    {
      schema: {
        operationId: 'listColleagues',
        tags,
        summary: 'The colleagues a case can be given to',
        description: 'Active accounts of a case role (agents and admins), by e-mail.',
        response: { 200: { type: 'array', items: colleagueSchema }, ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listColleagues(app.database.db);
    },
  );
}

function casePageRoute(app: FastifyInstance): void {
  const reading = async (version: string): Promise<CaseReading> => {
    const definition = await definitionOfVersion(app.database.db, version, app.definitions);
    return {
      wizard: definition.wizard,
      registrationSchema: definition.registrationSchema,
      tiers: definition.tiers,
      locations: app.locations.data,
    };
  };
  app.get<{ Params: { id: number } }>(
    staffPaths.registration,
    {
      schema: {
        operationId: 'getRegistration',
        tags,
        summary: "A registration's page",
        description:
          'Its answers as a colleague reads them (the wizard review step’s rules, against the definition version it was made under), contact, status and the next ones, who handles it, notes, timeline and possible duplicates.',
        params: idParams,
        response: { 200: caseDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const detail = await caseDetail(app.database, request.params.id, reading);
      if (!detail) throw new ApiError(404, 'not_found');
      void reply.header('cache-control', 'no-store');
      return detail;
    },
  );
}
