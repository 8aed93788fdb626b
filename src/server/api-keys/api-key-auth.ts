import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope } from '../../shared/contracts/integrations.js';
import { clientAddressKey } from '../client-address.js';
import { ApiError } from '../errors.js';
import { reserveAttempt, windowAllowance } from '../throttle/throttle.repository.js';
import { keyHolder, type KeyHolder } from './api-key.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a /api/v1 request came with; set by the key guard before any handler runs. */
    apiKey?: KeyHolder;
  }
  interface FastifyContextConfig {
    /** The scope a /api/v1 route needs; a route that names none lets no key in. */
    apiKeyScope?: ApiKeyScope;
  }
}

export const API_V1_PREFIX = '/api/v1/';
const BEARER = /^Bearer +(\S+) *$/i;
const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };
const HOUR = 3_600_000;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/**
 * The guard of every /api/v1 route: a live key with the route's scope, from the Authorization
 * header only. A staff cookie opens nothing here, and a key opens nothing under /api/staff/ (that
 * guard reads the staff cookie alone). 401 without a live key, 403 without the scope.
 */
export const requireApiKey: preValidationAsyncHookHandler = async function (request) {
  const bearer = bearerOf(request);
  const holder = bearer === undefined ? undefined : await keyHolder(this.database, bearer, this.clock());
  if (!holder) {
    await countWrongKey(this, request.ip);
    throw new ApiError(401, 'api_key_invalid', undefined, CHALLENGE);
  }
  const scope = request.routeOptions.config.apiKeyScope;
  if (scope === undefined || !holder.scopes.includes(scope)) throw new ApiError(403, 'forbidden');
  request.apiKey = holder;
};

/**
 * A missing, unknown or malformed key counts against its client address (an IPv6 address by its
 * /64), RATE_LIMIT_API_KEY_FAILURES_PER_HOUR per clock hour, in the database so every process
 * shares the count; past it, 429 until the hour is over. A live key is never counted, so an
 * integration behind the same address as a guesser keeps reading.
 */
async function countWrongKey(app: FastifyInstance, ip: string): Promise<void> {
  const now = app.clock();
  const perHour = app.config.rateLimit.apiKeyFailuresPerHour;
  const allowance = windowAllowance(`api-key-wrong:${clientAddressKey(ip)}`, perHour, HOUR, now);
  if ((await reserveAttempt(app.database.db, allowance.key, now, allowance.rule)) !== undefined) return;
  const retryAfter = String(Math.max(1, Math.ceil(allowance.endsInMs / 1000)));
  throw new ApiError(429, 'rate_limited', undefined, { 'retry-after': retryAfter });
}

/** Gives every route under /api/v1/ the key guard as it is added, so none can be left open by mistake. */
export default fp(
  async (app) => {
    app.decorateRequest('apiKey', undefined);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_V1_PREFIX)) return;
      const existing = [route.preValidation ?? []].flat();
      route.preValidation = [requireApiKey, ...existing];
    });
  },
  { name: 'api-key-auth', fastify: '5.x', dependencies: ['database'] },
);
