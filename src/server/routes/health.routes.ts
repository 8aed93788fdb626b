import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { apiTags } from '../api-tags.js';
import { ApiErrorBody, StringEnum } from '../../shared/contracts/common.schemas.js';
import { ApiError, errorBody, errorResponses } from '../errors.js';
import { passUnderPressure } from '../metrics/pass-under-pressure.js';
import { NOT_READY_REASONS } from '../metrics/readiness.js';

/** The answer of a probe that passes: `{ status }`, declared as `const` alone. */
const status = <const Status extends string>(value: Status) =>
  Type.Object({ status: Type.Unsafe<Status>({ const: value }) }, { additionalProperties: false });

const healthRouteSchema = {
  operationId: 'getHealth',
  tags: [apiTags.operations.name],
  summary: 'Liveness',
  description:
    '200 while the process answers and its database does; 503 `unavailable` when the database does not. Answered even under pressure (see GET /api/health/ready for whether to send traffic).',
  response: { 200: status('ok'), ...errorResponses },
};

const readinessRouteSchema = {
  operationId: 'getReadiness',
  tags: [apiTags.operations.name],
  summary: 'Readiness',
  description:
    '200 only when this process should be sent traffic: the database answers and its migrations are this release’s, Redis answers where REDIS_URL is set, the live version of the form is loaded, and the process is not stopping. Otherwise 503 `unavailable` with Retry-After and the reasons as codes: ' +
    NOT_READY_REASONS.map((reason) => `\`${reason}\``).join(', ') +
    '. Also 503 while the event loop delay or the memory is past its bound.',
  response: {
    200: status('ready'),
    503: Type.Object(
      {
        error: ApiErrorBody.properties.error,
        reasons: Type.Optional(Type.Array(StringEnum(NOT_READY_REASONS))),
      },
      { additionalProperties: false },
    ),
    ...errorResponses,
  },
};

const PING_TIMEOUT_MS = 2000;

/** GET health (liveness) and GET health/ready (readiness). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    apiPaths.health,
    { schema: healthRouteSchema, config: { pressureHandler: passUnderPressure } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'health check: database unavailable');
        throw new ApiError(503, 'unavailable', undefined, { 'retry-after': '5' });
      }
      return { status: 'ok' as const };
    },
  );

  // No log line of its own: a balancer asks every few seconds, and the request line has the status.
  app.get(apiPaths.healthReady, { schema: readinessRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const reasons = await app.readiness.check();
    if (reasons.length === 0) return { status: 'ready' as const };
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ ...errorBody('unavailable'), reasons });
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
