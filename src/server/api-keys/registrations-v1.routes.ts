import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { integrationPaths } from '../../shared/contracts/integrations.js';
import { definitionOfVersion } from '../definition/definition-version.repository.js';
import { caseAnswers } from '../staff/answers.js';
import { caseSummary } from '../staff/case.service.js';
import {
  casesForReaderAfter,
  findCaseForReader,
  type CaseFilters,
  type ReaderCaseRow,
} from '../staff/case.repository.js';
import { parsePayload } from '../staff/export.js';
import { fa } from '../../shared/text/strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import { MAX_STORED_INTEGER } from '../staff/routes/schemas.js';
import {
  ReaderDetail,
  ReaderListQuery,
  ReaderPage,
  RegistrationIdParams,
  type ReaderAssignee,
  type ReaderSummary,
} from './api-key.schemas.js';

const CURSOR = /^r1:([1-9][0-9]{0,9})$/;

/** Opaque to readers: the last id read. Ids only grow, so the walk goes on past cases made meanwhile. */
function cursorAfter(id: number): string {
  return Buffer.from(`r1:${id}`).toString('base64url');
}

function idOfCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number(match[1]) > MAX_STORED_INTEGER) throw new ApiError(400, 'bad_cursor');
  return Number(match[1]);
}

/** Instants as the database writes them (ISO with milliseconds, UTC), so text comparison orders them. */
const stored = (iso: string | undefined): string | undefined =>
  iso === undefined ? undefined : new Date(iso).toISOString();

function readerFilters(query: ReaderListQuery): CaseFilters {
  const { assignee, updated_since: _since, cursor: _cursor, limit: _limit, from, to, ...rest } = query;
  return {
    ...rest,
    from: stored(from),
    to: stored(to),
    assignee: assignee === undefined ? undefined : assignee === 'none' ? 'none' : Number(assignee),
  };
}

/**
 * The console list's summary of a case (case.service.ts), with when it last changed and its
 * version; its colleague by id and a name made from it, never by e-mail address or role.
 */
function readerSummary(row: ReaderCaseRow): ReaderSummary {
  const { waitingSince: _waiting, assignee, ...summary } = caseSummary(row);
  return {
    ...summary,
    assignee: assignee === null ? null : readerAssignee(assignee.id),
    updatedAt: row.updated_at,
    definitionVersion: row.definition_version,
  };
}

function readerAssignee(id: number): ReaderAssignee {
  return { id, name: fill(fa.integrations.assigneeName, { number: id }) };
}

/**
 * The versioned read routes other systems use instead of CSV files: a key of scope
 * registrations:read (plugin api-key-auth.ts), limited per key across both routes.
 */
export const registrationsV1Routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;
  const tags = [apiTags.v1Registrations.name];
  const security = [{ bearer: [] }];
  const config = { apiKeyScope: 'registrations:read' } as const;
  // One budget per key for both routes; counted after the guard, so only a live key is counted.
  const perKey = app.rateLimit({
    max: app.config.rateLimit.apiKeyPerMinute,
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.id ?? 0}`,
  });

  app.get(
    integrationPaths.v1Registrations,
    {
      schema: {
        operationId: 'readRegistrations',
        tags,
        summary: 'Registrations, a page at a time (API key)',
        description:
          'In the order they were made, `limit` at a time; pass each answer’s `nextCursor` as `cursor` until it is null. Cases made during the walk come on later pages, so each is read once. `updated_since` keeps the cases made or moved since then; the other filters are the console list’s.',
        querystring: ReaderListQuery,
        security,
        response: { 200: ReaderPage, ...errorResponses },
      },
      config,
      preHandler: perKey,
    },
    async (request, reply) => {
      const { limit = 50, cursor, updated_since: updatedSince } = request.query;
      const rows = await casesForReaderAfter(db(), readerFilters(request.query), {
        afterId: idOfCursor(cursor),
        limit: limit + 1,
        updatedSince: stored(updatedSince),
      });
      const items = rows.slice(0, limit).map(readerSummary);
      void reply.header('cache-control', 'no-store');
      return { items, nextCursor: rows.length > limit ? cursorAfter(items[items.length - 1].id) : null };
    },
  );

  app.get(
    integrationPaths.v1Registration,
    {
      schema: {
        operationId: 'readRegistration',
        tags,
        summary: 'One registration, worded and raw (API key)',
        description:
          'Its answers as the console’s reader words them (against the form version it was made under), the values as they were sent, and that version.',
        params: RegistrationIdParams,
        security,
        response: { 200: ReaderDetail, ...errorResponses },
      },
      config,
      preHandler: perKey,
    },
    async (request, reply) => {
      const row = await findCaseForReader(db(), request.params.id);
      if (!row) throw new ApiError(404, 'not_found');
      const definition = await definitionOfVersion(db(), row.definition_version, app.definitions);
      const reading = {
        wizard: definition.wizard,
        registrationSchema: definition.registrationSchema,
        tiers: definition.tiers,
        locations: app.locations.data,
      };
      const values = parsePayload(row);
      void reply.header('cache-control', 'no-store');
      return {
        ...readerSummary(row),
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
        answers: caseAnswers(reading, values, row.province_id),
        values,
      };
    },
  );
};
