import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiTags } from '../../api-tags.js';
import type { TypedApp } from '../../api.schemas.js';
import { staffPaths } from '../../../shared/contracts/staff.js';
import { CaseDetail, CasePage, Colleague, FilterChoices } from '../../../shared/contracts/staff.schemas.js';
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
import { CaseListQuery, IdParams } from './schemas.js';

/** The list's `assignee` as the repository takes it: `me` is the caller's own id. */
export function assigneeFilter(value: string | undefined, me: StaffIdentity): CaseFilters['assignee'] {
  if (value === undefined) return undefined;
  if (value === 'me') return me.accountId;
  if (value === 'none') return 'none';
  return Number(value);
}

const tags = [apiTags.staffRegistrations.name];

/** The list of registrations, a case's page, the list's filter choices and the colleagues. */
export const casesRoutes: FastifyPluginAsyncTypebox<{ unassigned: UnassignedCount }> = async (app, { unassigned }) => {
  caseListRoute(app, unassigned);
  filterChoicesRoute(app);
  colleaguesRoute(app);
  casePageRoute(app);
};

function caseListRoute(app: TypedApp, unassigned: UnassignedCount): void {
  app.get(
    staffPaths.registrations,
    {
      schema: {
        operationId: 'listRegistrations',
        tags,
        summary: 'One page of registrations, filtered, searched and sorted',
        description:
          'With who handles each case and, while it is open, since when it waits; `unassigned` counts the open cases nobody handles, over the whole table.',
        querystring: CaseListQuery,
        response: { 200: CasePage, ...errorResponses },
      },
    },
    async (request, reply) => {
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

function filterChoicesRoute(app: TypedApp): void {
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
        response: { 200: FilterChoices, ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return liveChoices();
    },
  );
}

function colleaguesRoute(app: TypedApp): void {
  app.get(
    staffPaths.colleagues,
    {
      schema: {
        operationId: 'listColleagues',
        tags,
        summary: 'The colleagues a case can be given to',
        description: 'Active accounts of a case role (agents and admins), by e-mail.',
        response: { 200: Type.Array(Colleague), ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listColleagues(app.database.db);
    },
  );
}

function casePageRoute(app: TypedApp): void {
  const reading = async (version: string): Promise<CaseReading> => {
    const definition = await definitionOfVersion(app.database.db, version, app.definitions);
    return {
      wizard: definition.wizard,
      registrationSchema: definition.registrationSchema,
      tiers: definition.tiers,
      locations: app.locations.data,
    };
  };
  app.get(
    staffPaths.registration,
    {
      schema: {
        operationId: 'getRegistration',
        tags,
        summary: "A registration's page",
        description:
          'Its answers as a colleague reads them (the wizard review step’s rules, against the definition version it was made under), contact, status and the next ones, who handles it, notes, timeline and possible duplicates.',
        params: IdParams,
        response: { 200: CaseDetail, ...errorResponses },
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
