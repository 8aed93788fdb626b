import { STATUS_CODES } from 'node:http';
import type { LookupFunction, Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.js';
import { ApiError, errorBody } from './errors.js';
import type { ErrorCode } from '../shared/text/strings.fa.js';
import apiErrors from './plugins/api-errors.js';
import bodyParsing from './plugins/body-parsing.js';
import captcha from './plugins/captcha.js';
import csrf from './plugins/csrf.js';
import database from './plugins/database.js';
import definition from './plugins/definition.js';
import definitionAssets from './definition-assets/definition-assets.plugin.js';
import locations from './plugins/locations.js';
import metrics from './plugins/metrics.js';
import pressure from './plugins/pressure.js';
import notFound from './plugins/not-found.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import requestLog, { requestIdOf } from './plugins/request-log.js';
import securityHeaders from './plugins/security-headers.js';
import sms from './plugins/sms.js';
import spa from './plugins/spa.js';
import staffAuth from './plugins/staff-auth.js';
import webhooks from './plugins/webhooks.js';
import apiKeyAuth from './api-keys/api-key-auth.js';
import { apiKeyRoutes } from './api-keys/api-key.routes.js';
import { registrationsV1Routes } from './api-keys/registrations-v1.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { addressRoutes } from './address/address.routes.js';
import { PERSONAL_NAMES } from './registration/registration.columns.js';
import { registrationRoutes } from './registration/registration.routes.js';
import { configRoutes } from './routes/config.routes.js';
import { definitionAssetRoutes } from './definition-assets/definition-assets.routes.js';
import { definitionPublishingRoutes } from './definition-publishing/definition-publishing.routes.js';
import { draftPreviewRoutes } from './definition-publishing/draft-preview.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { statisticRoutes } from './statistics/statistic.routes.js';
import { staffRoutes } from './staff/staff.routes.js';
import { funnelRoutes } from './statistics/funnel.routes.js';
import { insightsRoutes } from './insights/insights.routes.js';
import { webhookRoutes } from './webhooks/webhook.routes.js';
import { mobileCodeRoutes } from './mobile-code/mobile-code.routes.js';
import { outboxRoutes } from './sms/outbox.routes.js';
import { statusRoutes } from './status/status.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checked configuration (config.ts), decorated by buildApp. */
    config: Config;
    clock: () => number;
  }
}

export const BODY_LIMIT_BYTES = 16 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Milliseconds since the epoch; tests move it to expire captchas and roll rate windows. */
  clock?: () => number;
  /** false (default in tests), true (stdout at LOG_LEVEL), or a stream to capture the log lines. */
  logger?: boolean | { stream: { write(line: string): void }; level?: string };
  /** Adds routes behind the whole stack before the app is ready (the benchmark's constant route). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Sees every route as it is added (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** How webhook receivers' names are resolved, at save and at connect time (tests answer private addresses). */
  webhookLookup?: LookupFunction;
}

/**
 * Never in a log line, whatever a later change logs by mistake (second line of defence): secrets,
 * bodies, the captcha, and every personal column of a registration under its column and form names.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  'payload',
  ...PERSONAL_NAMES.map((name) => `*.${name}`),
  '*.captcha',
  '*.validOptionIndex',
  // Webhook secrets and custom header values, whatever object carries them.
  '*.secret',
  '*.secrets',
  '*.previous_secret',
];

export async function buildApp({
  config,
  clock = Date.now,
  logger = false,
  extend,
  onRoute,
  webhookLookup,
}: BuildAppOptions): Promise<FastifyInstance> {
  // The process's own log (logger: true) goes to stdout through an asynchronous pino destination:
  // lines written while a write is in flight are joined into the next one, instead of one blocking
  // write per request. Flushed when the app closes; pino also flushes it when the process exits.
  const destination = logger === true ? pino.destination({ dest: 1, sync: false }) : undefined;
  const app: FastifyInstance = Fastify({
    ...loggerOption(logger, config, destination),
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.trustProxy,
    // A well-formed X-Request-Id (nginx sets one) is kept, so one id follows a request through the
    // proxy's log and ours; anything else is replaced by a fresh one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Our own single line per request (plugins/request-log.ts) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Off: Fastify's own 503 while closing is English and off-contract; the hook below answers instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A hang guard, not a speed budget. The definition plugin checks every stored version and
    // prepares the live one before the app is ready: about 2.5 s alone on a 2-core machine, and
    // over Fastify's default 10 s beside a type check and a lint on the same cores.
    pluginTimeout: 60_000,
    // Bytes that are not HTTP and URLs that do not decode never reach the error handler; Fastify's
    // own answers to them are English and off-contract (one even echoes the URL). Same body as every
    // other refusal instead.
    clientErrorHandler: answerClientError,
    frameworkErrors: (_error, _request, reply) => {
      const body = JSON.stringify(errorBody('bad_request'));
      reply.raw.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      reply.raw.end(body);
    },
  });
  app.decorate('config', config);
  app.decorate('clock', clock);
  if (onRoute) app.addHook('onRoute', onRoute);
  if (destination) {
    app.addHook('onClose', (_instance, done) => {
      try {
        destination.flushSync();
      } catch {
        // Nothing written yet, or stdout already gone: nothing more can be done for these lines.
      }
      done();
    });
  }
  // While stopping (SIGTERM), a request that still arrives on a kept-alive connection gets the
  // contract's 503 `unavailable` in Persian, and the connection is closed so a balancer moves on.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!closing) return done();
    done(
      new ApiError(503, 'unavailable', undefined, {
        'retry-after': '5',
        connection: 'close',
        'x-content-type-options': 'nosniff',
      }),
    );
  });
  try {
    await registerEverything(app, webhookLookup);
    await extend?.(app);
    await app.ready();
  } catch (error) {
    // A half-built app may already hold the database: release it before reporting.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function registerEverything(app: FastifyInstance, webhookLookup?: LookupFunction): Promise<void> {
  for (const plugin of [
    database,
    definition,
    // Early, so that its request hooks see every route added after it.
    metrics,
    pressure,
    apiErrors,
    securityHeaders,
    requestLog,
    bodyParsing,
    fastifyCookie,
    csrf,
    staffAuth,
    apiKeyAuth,
    rateLimit,
    locations,
    captcha,
    definitionAssets,
    sms,
    spa,
    notFound,
    openapi,
  ]) {
    await app.register(plugin);
  }
  await app.register(webhooks, { lookup: webhookLookup });
  for (const routes of [
    statisticRoutes,
    configRoutes,
    captchaRoutes,
    registrationRoutes,
    locationsRoutes,
    addressRoutes,
    healthRoutes,
    metricsRoutes,
    staffRoutes,
    funnelRoutes,
    definitionPublishingRoutes,
    definitionAssetRoutes,
    draftPreviewRoutes,
    statusRoutes,
    mobileCodeRoutes,
    outboxRoutes,
    webhookRoutes,
    apiKeyRoutes,
    registrationsV1Routes,
    insightsRoutes,
  ]) {
    await app.register(routes);
  }
}

function loggerOption(
  logger: BuildAppOptions['logger'],
  config: Config,
  destination?: pino.DestinationStream,
): Pick<FastifyServerOptions, 'logger'> {
  if (!logger) return { logger: false };
  const redact = { paths: REDACTED_PATHS, censor: '[redacted]' };
  if (logger === true) return { logger: { level: config.logLevel, redact, stream: destination } };
  return { logger: { level: logger.level ?? config.logLevel, redact, stream: logger.stream } };
}

/** A request Node's HTTP parser refused (malformed, headers over 16 KB, too slow): a contract error, then close. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request']
        : [400, 'bad_request'];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
