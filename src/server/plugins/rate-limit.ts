import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { clientAddressKey } from '../client-address.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared rate-limit store, only when REDIS_URL is set (readiness pings it). */
    redis: Redis;
  }
}

const WINDOW_MS = 60_000;
const REDIS_CONNECT_MS = 2000;

/**
 * Per-client, per-route limits by @fastify/rate-limit. A route opts in with
 * `config: { rateLimit: { max: perMinute } }`; the window is one minute from a client's first
 * request. The client is `request.ip` keyed by clientAddressKey, the key of every per-address limit
 * in the database too (IPv6 by its /64, IPv4-mapped IPv6 as its IPv4); `request.ip` honours
 * X-Forwarded-For only when TRUST_PROXY names the proxy. With REDIS_URL the counters live in Redis,
 * so every process behind the load balancer counts against the same limit.
 *
 * Failing open, on purpose (`skipOnError`): while Redis cannot answer, requests pass unlimited and
 * a warning is logged. A Redis outage must not take registrations down with it; the captcha still
 * stands in the way of a flood meanwhile.
 */
export default fp(
  async (app) => {
    const redis = app.config.redisUrl ? await connectRedis(app.config.redisUrl, app.log) : undefined;
    await app.register(fastifyRateLimit, {
      global: false,
      timeWindow: WINDOW_MS,
      hook: 'onRequest',
      skipOnError: true,
      keyGenerator: (request) => clientAddressKey(request.ip),
      // The refusal goes through our error handler: the contract's Persian body, code rate_limited.
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'rate_limited', undefined, {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
      ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    });
    if (redis) {
      app.decorate('redis', redis);
      app.addHook('onClose', async () => redis.disconnect());
    }
  },
  { name: 'rate-limit', fastify: '5.x' },
);

/** Waits for the connection a moment at most: the server must start even while Redis is down. */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // No offline queue and one retry: while Redis is away a command fails at once instead of
  // holding the request, and skipOnError lets the request through.
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: REDIS_CONNECT_MS,
  });
  let warned = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    log.warn({ err: { message: error.message } }, 'rate-limit store unavailable; not limiting');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
