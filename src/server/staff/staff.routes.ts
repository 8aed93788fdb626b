import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LIST_SORTS, staffPaths, type ListSort } from '../../shared/staff-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { KEY_COLUMNS, csvLine, extraFields, jsonRecord, parsePayload } from '../cli/export-format.js';
import { ApiError, errorResponseSchema } from '../errors.js';
import { titledChoicesSchema } from '../routes/config.routes.js';
import { findDefinitionSchema, keepDefinitionVersion } from '../definition/definition-version.repository.js';
import { titledAnswers } from './answers.js';
import { filterChoices } from './filter-choices.js';
import { appendAudit, auditOf, recentAudit } from './audit.repository.js';
import {
  CASE_STATUSES,
  findCase,
  insertNote,
  listCases,
  moveStatus,
  notesOf,
  possibleDuplicates,
  type CaseFilters,
  type CaseStatus,
} from './case.repository.js';
import { signIn, signOut, type StaffIdentity } from './staff.service.js';

/** The workflow: new → contacted → approved | rejected. */
const NEXT: Record<CaseStatus, readonly CaseStatus[]> = {
  new: ['contacted'],
  contacted: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};
const MAX_NOTE = 2000;
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
const anyObject = { type: 'object', additionalProperties: true } as const;
const meSchema = {
  type: 'object',
  required: ['email', 'role'],
  properties: { email: { type: 'string' }, role: { type: 'string', enum: ['admin', 'agent'] } },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const filterProperties = {
  status: { type: 'string', enum: [...CASE_STATUSES] },
  provinceId: { type: 'integer' },
  cityId: { type: 'integer' },
  tier: { type: 'integer' },
  type: { type: 'integer' },
  service: { type: 'integer' },
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
  q: { type: 'string', maxLength: 100 },
} as const;

type ListQuery = CaseFilters & {
  page?: number;
  pageSize?: number;
  sort?: ListSort;
  direction?: 'asc' | 'desc';
};

function identity(request: FastifyRequest): StaffIdentity {
  // Set by the guard (plugins/staff-auth.ts) before any staff handler runs.
  if (!request.staff) throw new ApiError(401, 'unauthenticated');
  return request.staff;
}

function summary(row: Awaited<ReturnType<typeof findCase>> & object) {
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    status: row.status,
    createdAt: row.created_at,
    pharmacyName: row.pharmacy_name,
    tier: row.tier,
    type: row.type,
    service: row.service,
    provinceId: row.province_id,
    cityId: row.city_id,
    firstName: row.first_name,
    lastName: row.last_name,
    mobileNumber: row.mobile_number,
    nationalCode: row.national_code,
  };
}

/** Staff routes: every one under /api/staff/ is guarded by plugins/staff-auth.ts; sign-in alone is public. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db;
  const session = app.staffSession;
  await keepDefinitionVersion(db(), app.definition.version, app.definition.registrationSchema, app.clock());

  app.post<{ Body: { email: string; password: string } }>(
    staffPaths.session,
    {
      schema: {
        summary: 'Signs a colleague in: a new server-side session in an HttpOnly cookie',
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
        response: { 200: meSchema, ...errors },
      },
      config: { staffPublic: true, rateLimit: { max: 30 } },
    },
    async (request, reply) => {
      const previous = session.idOf(request);
      if (previous !== undefined) await signOut(db(), previous);
      const result = await signIn(db(), request.body.email, request.body.password, request.ip, app.clock());
      if (!result.ok) throw new ApiError(401, 'sign_in_failed');
      await appendAudit(db(), { at: app.clock(), actorId: result.identity.accountId, action: 'sign_in' });
      void reply
        .setCookie(session.cookieName, result.sessionId, session.attributes)
        .header('cache-control', 'no-store');
      return { email: result.identity.email, role: result.identity.role };
    },
  );

  app.get(
    staffPaths.session,
    { schema: { summary: 'The signed-in colleague', response: { 200: meSchema, ...errors } } },
    async (request, reply) => {
      const me = identity(request);
      void reply.header('cache-control', 'no-store');
      return { email: me.email, role: me.role };
    },
  );

  app.delete(
    staffPaths.session,
    { schema: { summary: 'Signs out: the session is revoked', response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      const sessionId = session.idOf(request);
      if (sessionId !== undefined) await signOut(db(), sessionId);
      await appendAudit(db(), { at: app.clock(), actorId: identity(request).accountId, action: 'sign_out' });
      return reply.clearCookie(session.cookieName, session.attributes).code(204).send();
    },
  );

  const listQuerySchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...filterProperties,
      page: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      sort: { type: 'string', enum: [...LIST_SORTS], default: 'created_at' },
      direction: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    },
  } as const;

  app.get<{ Querystring: ListQuery }>(
    staffPaths.registrations,
    {
      schema: {
        summary: 'One page of registrations, filtered, searched and sorted',
        querystring: listQuerySchema,
        response: { 200: anyObject, ...errors },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = 25, sort = 'created_at', direction = 'desc', ...filters } = request.query;
      const { total, rows } = await listCases(db(), filters, { page, pageSize, sort, direction });
      void reply.header('cache-control', 'no-store');
      return { total, page, pageSize, items: rows.map(summary) };
    },
  );

  const choices = filterChoices(app.definition);
  const filterField = {
    type: 'object',
    required: ['title', 'choices'],
    additionalProperties: false,
    properties: { title: { type: 'string' }, choices: titledChoicesSchema },
  } as const;
  app.get(
    staffPaths.filters,
    {
      schema: {
        summary: "The list filters' choices from schemas/: plans, pharmacy types and services",
        response: {
          200: {
            type: 'object',
            required: ['tier', 'type', 'service'],
            additionalProperties: false,
            properties: { tier: filterField, type: filterField, service: filterField },
          },
          ...errors,
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return choices;
    },
  );

  app.get<{ Params: { id: number } }>(
    staffPaths.registration,
    {
      schema: {
        summary: "A registration's page: answers, contact, status, notes, timeline, possible duplicates",
        params: idParams,
        response: { 200: anyObject, ...errors },
      },
    },
    async (request, reply) => {
      const row = await findCase(db(), request.params.id);
      if (!row) throw new ApiError(404, 'not_found');
      const [notes, timeline, duplicates, schema] = await Promise.all([
        notesOf(db(), row.id),
        auditOf(db(), row.id),
        possibleDuplicates(db(), row),
        findDefinitionSchema(db(), row.definition_version),
      ]);
      void reply.header('cache-control', 'no-store');
      return {
        ...summary(row),
        latitude: row.latitude,
        longitude: row.longitude,
        address: row.address,
        definitionVersion: row.definition_version,
        answers: titledAnswers(parsePayload(row), schema ?? app.definition.registrationSchema),
        next: NEXT[row.status as CaseStatus] ?? [],
        notes,
        timeline: timeline.map((event) => ({
          ...event,
          detail: event.detail === null ? null : (JSON.parse(event.detail) as unknown),
        })),
        duplicates,
      };
    },
  );

  app.post<{ Params: { id: number }; Body: { from: CaseStatus; to: CaseStatus; reason?: string } }>(
    staffPaths.status,
    {
      schema: {
        summary: 'Moves a registration along new → contacted → approved | rejected (a rejection needs a reason)',
        params: idParams,
        body: {
          type: 'object',
          required: ['from', 'to'],
          additionalProperties: false,
          properties: {
            from: { type: 'string', enum: [...CASE_STATUSES] },
            to: { type: 'string', enum: [...CASE_STATUSES] },
            reason: { type: 'string', maxLength: MAX_NOTE },
          },
        },
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (to === 'rejected' && reason === '')
        throw new ApiError(400, 'validation', { reason: fa.staff.reasonRequired });
      if (!NEXT[from].includes(to)) throw new ApiError(409, 'status_conflict');
      const me = identity(request);
      const moved = await app.database.transaction('durable', async (trx) => {
        if (!(await moveStatus(trx, request.params.id, from, to))) return false;
        await appendAudit(trx, {
          at: app.clock(),
          actorId: me.accountId,
          action: 'status',
          registrationId: request.params.id,
          detail: { from, to, ...(reason ? { reason } : {}) },
        });
        return true;
      });
      if (moved) return reply.code(204).send();
      if (await findCase(db(), request.params.id)) throw new ApiError(409, 'status_conflict');
      throw new ApiError(404, 'not_found');
    },
  );

  app.post<{ Params: { id: number }; Body: { body: string } }>(
    staffPaths.notes,
    {
      schema: {
        summary: 'Adds a note to a registration',
        params: idParams,
        body: {
          type: 'object',
          required: ['body'],
          additionalProperties: false,
          properties: { body: { type: 'string', maxLength: MAX_NOTE } },
        },
        response: { 204: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body.body.trim();
      if (body === '') throw new ApiError(400, 'validation', { body: fa.staff.noteRequired });
      if (!(await findCase(db(), request.params.id))) throw new ApiError(404, 'not_found');
      const me = identity(request);
      await app.database.transaction('durable', async (trx) => {
        await insertNote(trx, request.params.id, me.accountId, body, app.clock());
        await appendAudit(trx, {
          at: app.clock(),
          actorId: me.accountId,
          action: 'note',
          registrationId: request.params.id,
          detail: { body },
        });
      });
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: CaseFilters & { format: 'csv' | 'json' } }>(
    staffPaths.export,
    {
      schema: {
        summary: 'Exports the filtered registrations as CSV (with a BOM) or JSON, like the command line (admins)',
        querystring: {
          type: 'object',
          required: ['format'],
          additionalProperties: false,
          properties: { ...filterProperties, format: { type: 'string', enum: ['csv', 'json'] } },
        },
        response: { 200: { description: 'the export file' }, ...errors },
      },
      config: { staffRole: 'admin' },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = [];
      for (let page = 1; ; page += 1) {
        const found = await listCases(db(), filters, { page, pageSize: 1000, sort: 'created_at', direction: 'asc' });
        rows.push(...found.rows);
        if (found.rows.length < 1000) break;
      }
      await appendAudit(db(), {
        at: app.clock(),
        actorId: identity(request).accountId,
        action: 'export',
        detail: { format, filters, count: rows.length },
      });
      void reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="registrations.${format}"`);
      if (format === 'json')
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows.map(jsonRecord), null, 2));
      const extras = [...new Set(rows.flatMap((row) => [...extraFields(parsePayload(row)).keys()]))];
      let text = `\uFEFF${csvLine([...KEY_COLUMNS, ...extras])}`;
      for (const row of rows) {
        const extra = extraFields(parsePayload(row));
        text += csvLine([...KEY_COLUMNS.map((column) => row[column]), ...extras.map((path) => extra.get(path))]);
      }
      return reply.type('text/csv; charset=utf-8').send(text);
    },
  );

  app.get<{ Querystring: { limit?: number } }>(
    staffPaths.audit,
    {
      schema: {
        summary: 'The latest audit events: sign-ins, status changes, notes, exports (admins)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        },
        response: { 200: anyObject, ...errors },
      },
      config: { staffRole: 'admin' },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const events = await recentAudit(db(), request.query.limit ?? 100);
      return {
        events: events.map((event) => ({
          ...event,
          detail: event.detail === null ? null : (JSON.parse(event.detail) as unknown),
        })),
      };
    },
  );
};
