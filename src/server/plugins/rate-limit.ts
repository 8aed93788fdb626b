import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ApiError } from '../errors.js';

const WINDOW_MS = 60_000;

/** Counts hits of a key within its window; a store that cannot answer lets the request through. */
interface CounterStore {
  hit(key: string, window: number, windowEndsInMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Per-client, per-route fixed windows of one minute. The client is `request.ip`, which honours
 * X-Forwarded-For only when TRUST_PROXY names the proxy. With REDIS_URL the counters live in Redis,
 * so every process behind the load balancer counts against the same limit.
 */
export default fp(
  async (app) => {
    const store = app.config.redisUrl ? await redisStore(app.config.redisUrl, app.log) : memoryStore();
    app.decorate('rateLimit', (name: string, perMinute: number): onRequestAsyncHookHandler => {
      return async (request) => {
        const now = app.clock();
        const window = Math.floor(now / WINDOW_MS);
        const endsIn = (window + 1) * WINDOW_MS - now;
        const count = await store.hit(`${name}:${request.ip}`, window, endsIn);
        if (count > perMinute) {
          throw new ApiError(429, 'rate_limited', undefined, {
            'retry-after': String(Math.max(1, Math.ceil(endsIn / 1000))),
          });
        }
      };
    });
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit', fastify: '5.x' },
);

function memoryStore(): CounterStore {
  let current = -1;
  let counts = new Map<string, number>();
  return {
    async hit(key, window) {
      // A new window starts a fresh map, so memory holds one minute of clients at most.
      if (window !== current) {
        current = window;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count;
    },
    async close() {},
  };
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

async function redisStore(url: string, log: FastifyBaseLogger): Promise<CounterStore> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  let warned = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - warned > 60_000)
      log.warn({ err: { message: error.message } }, 'rate-limit store unavailable; not limiting');
    warned = Date.now();
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    async hit(key, window, windowEndsInMs) {
      try {
        return Number(await redis.eval(HIT_SCRIPT, 1, `rl:${key}:${window}`, String(windowEndsInMs + 1000)));
      } catch {
        // Failing open: a Redis outage must not take registrations down with it.
        return 0;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
