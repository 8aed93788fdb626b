import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { noContent, type TypedApp } from '../api.schemas.js';
import { STAFF_ROLES } from '../../shared/contracts/staff.js';
import { insightsPaths, type RefusalReason } from '../../shared/contracts/insights.js';
import { InsightBatch, InsightsAnswer } from '../../shared/contracts/insights.schemas.js';
import type { ErrorCode } from '../../shared/text/strings.fa.js';
import { InsightsQuery } from './insights.schemas.js';
import { ingest } from './insights.service.js';
import { readInsights } from './insights.report.js';
import { startInsightsSweeper } from './insights.sweeper.js';

const REFUSALS: Record<RefusalReason, [number, ErrorCode]> = {
  no_session: [403, 'csrf'],
  unknown_version: [400, 'version_unknown'],
  unknown_name: [400, 'bad_request'],
  too_many: [429, 'rate_limited'],
};

/**
 * The form's behaviour («رفتار فرم»). POST Statistic/Events: a visit's batch from the wizard's
 * page (sent by sendBeacon too, so it is checked by the pre-session cookie rather than the
 * anti-forgery header). GET staff/insights: the screen's numbers, for every colleague.
 * GET v1/insights: the same, with a key of scope insights:read.
 */
export const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.insights.enabled) startInsightsSweeper(app);
  addEventRoute(app);
  addReadRoutes(app);
};

function addEventRoute(app: TypedApp): void {
  const { enabled } = app.config.insights;
  const deps = {
    writes: app.relaxedWrites,
    accepted: (version: string) => app.definitions.accepted(version),
    clock: app.clock,
  };

  app.post(
    insightsPaths.events,
    {
      schema: {
        operationId: 'reportVisitEvents',
        tags: [apiTags.statistics.name],
        summary: 'One batch of a visit’s events (the form’s behaviour)',
        description:
          'Steps shown and completed, fields touched, left with an error (and which rule), corrected, refused by the server; never a value. Checked against the version’s own steps, fields and rules; a batch naming anything else, of a version not accepted now, past the visit’s allowance or without the pre-session cookie is refused, counted as refused, and nothing of it kept. Sent with sendBeacon too: the pre-session cookie (SameSite=Strict) stands for the anti-forgery header. With ANALYTICS=off: 204, nothing kept. Rate-limited per client (IPv6 by /64).',
        body: InsightBatch,
        response: { 204: noContent, ...errorResponses },
      },
      config: { rateLimit: { max: app.config.rateLimit.statisticPerMinute }, beacon: true },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!enabled) return reply.code(204).send();
      const outcome = await ingest(deps, request.body, request.psid !== '');
      if (outcome === 'accepted') return reply.code(204).send();
      const [status, code] = REFUSALS[outcome];
      throw new ApiError(status, code);
    },
  );
}

function addReadRoutes(app: TypedApp): void {
  const report = (query: InsightsQuery) =>
    readInsights(
      {
        db: app.database.db,
        live: () => app.definitions.live(),
        byVersion: (version) => app.definitions.byVersion(version),
      },
      query,
    );
  const readSchema = {
    querystring: InsightsQuery,
    response: { 200: InsightsAnswer, ...errorResponses },
  };

  app.get(
    insightsPaths.staff,
    {
      schema: {
        operationId: 'getInsights',
        tags: [apiTags.staffFunnel.name],
        summary: 'The form’s behaviour, per version',
        description:
          'Per step: reached, completed, completion rate, median time. Per field: touched, share left with an error per rule (with its message), corrected, refused by the server, abandoned there; fields ordered by managers lost. With `compare`, each rate of both versions with the difference and its 95 % interval.',
        ...readSchema,
      },
      config: { staffRoles: STAFF_ROLES },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return report(request.query);
    },
  );

  const perKey = app.rateLimit({
    max: app.config.rateLimit.apiKeyPerMinute,
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.id ?? 0}`,
  });
  app.get(
    insightsPaths.v1,
    {
      schema: {
        operationId: 'readInsights',
        tags: [apiTags.v1Registrations.name],
        summary: 'The form’s behaviour, per version (API key)',
        description: 'What the console’s «رفتار فرم» shows, for a key of scope `insights:read`.',
        security: [{ bearer: [] }],
        ...readSchema,
      },
      config: { apiKeyScope: 'insights:read' },
      preHandler: perKey,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (request.query.version !== undefined && !(await app.definitions.byVersion(request.query.version)))
        throw new ApiError(404, 'version_unknown');
      return report(request.query);
    },
  );
}
