import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/api-contract.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';

const healthRouteSchema = {
  operationId: 'getHealth',
  tags: [apiTags.operations.name],
  summary: 'Readiness',
  description: '200 when the database answers, 503 `unavailable` when it does not.',
  response: {
    200: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { const: 'ok' } } },
    ...errorResponses,
  },
} as const;

const PING_TIMEOUT_MS = 2000;

/** GET health: 200 when the database answers SELECT 1 in time, else 503 unavailable. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(apiPaths.health, { schema: healthRouteSchema }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: { message: (error as Error).message } }, 'health check: database unavailable');
      throw new ApiError(503, 'unavailable', undefined, { 'retry-after': '5' });
    }
    return { status: 'ok' as const };
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
