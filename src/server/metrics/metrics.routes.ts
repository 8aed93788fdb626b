import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiTags } from '../api-tags.js';
import { passUnderPressure } from './pass-under-pressure.js';
import { ApiError, errorResponses } from '../errors.js';
import { bearerMatches } from './bearer.js';
import { METRICS_PATH } from './metrics-listener.js';

const metricsRouteSchema = {
  operationId: 'getMetrics',
  tags: [apiTags.operations.name],
  summary: 'Prometheus metrics (only with METRICS_TOKEN)',
  description:
    'The metrics in Prometheus text format, served on this port only when METRICS_TOKEN is set, to a bearer of that token (403 `forbidden` without it); otherwise 404 `not_found`, and the metrics are served on their own listener (METRICS_PORT, loopback) only. docs/monitoring.md lists every metric.',
  security: [{ metricsToken: [] }],
  response: {
    200: { description: 'The exposition text', content: { 'text/plain': { schema: Type.String() } } },
    ...errorResponses,
  },
};

/**
 * GET /metrics on the public port: 404 unless a token guards it, so a visitor never gets the
 * wizard's page in place of a refusal, and Prometheus's text never leaves loopback by default.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.config.metrics.token;
  app.get(
    METRICS_PATH,
    { schema: metricsRouteSchema, config: { pressureHandler: passUnderPressure } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (token === undefined) throw new ApiError(404, 'not_found');
      if (!bearerMatches(request.headers.authorization, token)) throw new ApiError(403, 'forbidden');
      const text = await app.scrapeMetrics();
      return reply.type(app.metrics.contentType).send(text);
    },
  );
};
