import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import './types.js';
import apiErrors from './plugins/api-errors.js';
import bodyParsing from './plugins/body-parsing.js';
import captcha from './plugins/captcha.js';
import csrf from './plugins/csrf.js';
import database from './plugins/database.js';
import definition from './plugins/definition.js';
import locations from './plugins/locations.js';
import notFound from './plugins/not-found.js';
import rateLimit from './plugins/rate-limit.js';
import requestLog from './plugins/request-log.js';
import securityHeaders from './plugins/security-headers.js';
import spa from './plugins/spa.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { registrationRoutes } from './registration/registration.routes.js';
import { configRoutes } from './routes/config.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { statisticRoutes } from './routes/statistic.routes.js';

export const BODY_LIMIT_BYTES = 16 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Milliseconds since the epoch; tests move it to expire captchas and roll rate windows. */
  clock?: () => number;
  /** Fastify's logger option: false (default in tests), or pino options / a pino instance. */
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  /** Adds routes behind the whole stack before the app is ready (the benchmark's constant route). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
}

/** Never in a log line, whatever a later change logs by mistake (second line of defence). */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  'payload',
  '*.nationalCode',
  '*.mobileNumber',
  '*.firstName',
  '*.lastName',
  '*.address',
  '*.captcha',
  '*.validOptionIndex',
];

export async function buildApp({ config, clock = Date.now, logger = false, extend }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOption(logger, config),
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.trustProxy,
    // Our own single line per request (plugins/request-log.ts) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.decorate('config', config);
  app.decorate('clock', clock);
  await app.register(definition);
  await app.register(apiErrors);
  await app.register(securityHeaders);
  await app.register(requestLog);
  await app.register(bodyParsing);
  await app.register(csrf);
  await app.register(database);
  await app.register(rateLimit);
  await app.register(locations);
  await app.register(captcha);
  await app.register(spa);
  await app.register(notFound);
  for (const routes of [statisticRoutes, configRoutes, captchaRoutes, registrationRoutes, locationsRoutes, healthRoutes]) {
    await app.register(routes);
  }
  await extend?.(app);
  await app.ready();
  return app;
}

function loggerOption(logger: BuildAppOptions['logger'], config: Config): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (logger === true) return { logger: { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } } };
  if (logger && typeof logger === 'object' && 'child' in logger && typeof logger.child === 'function') {
    return { loggerInstance: logger as FastifyServerOptions['loggerInstance'] };
  }
  return { logger: logger as FastifyServerOptions['logger'] };
}
