import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { definitionStaffPaths } from '../../shared/contracts/definition.js';
import { followupPaths } from '../../shared/contracts/followup.js';
import { hourlyBudgets } from '../metrics/budgets.js';
import { MetricsListener } from '../metrics/metrics-listener.js';
import { Metrics } from '../metrics/metrics.js';
import { Readiness } from '../metrics/readiness.js';
import { Scrape } from '../metrics/scrape.js';
import { onLockout } from '../throttle/lockouts.js';
import { refusalOf } from './api-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics of this app: the rooms count their events on it. */
    metrics: Metrics;
    /** Whether this process should receive traffic (GET /api/health/ready), and the stop's first step. */
    readiness: Readiness;
    /** Renders GET /metrics (database figures read with a bound). */
    scrapeMetrics: () => Promise<string>;
  }
}

/** How long the database and Redis may take to answer a readiness check. */
const READINESS_TIMEOUT_MS = 1000;
/** The slow-read warning is written at most once a minute, however often Prometheus scrapes. */
const SLOW_READ_WARNING_MS = 60_000;

/**
 * Prometheus metrics (prom-client, registered per app) and readiness: the request histogram by route
 * template, the business counters of the routes, the figures the database holds read at scrape
 * time, and the metrics' own listener (METRICS_PORT), opened once the app is ready.
 */
export default fp(
  async (app) => {
    const metrics = new Metrics();
    const readiness = new Readiness({
      database: app.database,
      // Both are added by plugins registered after this one (which comes early, so its hooks see every route).
      redis: () => (app.hasDecorator('redis') ? app.redis : undefined),
      definitionLoaded: () => app.definitionArtifacts.ready(app.definitions.live().version) !== undefined,
      timeoutMs: READINESS_TIMEOUT_MS,
      clock: app.clock,
    });
    let warned = 0;
    const scrape = new Scrape({
      metrics,
      readiness,
      read: () => app.database.db,
      clock: app.clock,
      liveVersion: () => app.definitions.live().version,
      budgets: hourlyBudgets(app.config),
      queryTimeoutMs: app.config.metrics.queryTimeoutMs,
      onSlowRead: (error) => {
        if (Date.now() - warned < SLOW_READ_WARNING_MS) return;
        warned = Date.now();
        app.log.warn({ err: { message: error.message } }, 'metrics served without the figures kept in the database');
      },
    });
    app.decorate('metrics', metrics);
    app.decorate('readiness', readiness);
    app.decorate('scrapeMetrics', () => scrape.render());
    countRequests(app, metrics);
    const stopListening = onLockout((kind) => metrics.throttleLockouts.inc({ kind }));
    let listener: MetricsListener | undefined;
    app.addHook('onReady', async () => {
      listener = await openListener(app, metrics);
    });
    app.addHook('preClose', async () => readiness.beginStopping());
    app.addHook('onClose', async () => {
      stopListening();
      await listener?.close();
    });
    app.decorate('metricsPort', () => listener?.port);
  },
  { name: 'metrics', fastify: '5.x', dependencies: ['database', 'definition'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's port once open (METRICS_PORT 0 picks a free one); undefined without one. */
    metricsPort: () => number | undefined;
  }
}

async function openListener(app: FastifyInstance, metrics: Metrics): Promise<MetricsListener | undefined> {
  const { port, host, token } = app.config.metrics;
  if (port === undefined) return undefined;
  const listener = await MetricsListener.open({
    port,
    host,
    token,
    contentType: metrics.contentType,
    render: () => app.scrapeMetrics(),
    onError: (error) => app.log.error({ err: { message: error.message } }, 'metrics not rendered'),
  });
  app.log.info({ metrics: { host, port: listener.port } }, 'metrics served on their own port');
  return listener;
}

/** Route templates whose answers are business events. */
const PUBLISHING: Record<string, 'publish' | 'rollback'> = {
  [definitionStaffPaths.publish]: 'publish',
  [definitionStaffPaths.rollback]: 'rollback',
};

function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    metrics.observeRequest(request.method, route, status, reply.elapsedTime / 1000);
    if (route !== undefined && status < 300) {
      if (route === followupPaths.mobileCode && request.method === 'POST') metrics.smsCodesSent.inc();
      const action = PUBLISHING[route];
      if (action !== undefined && request.method === 'POST') metrics.definitionPublishes.inc({ action });
    }
    done();
  });
  // Before the error handler answers: the refusal's code, as the handler will word it.
  app.addHook('onError', (request, _reply, error: FastifyError, done) => {
    if (request.routeOptions.url === apiPaths.registration && request.method === 'POST')
      metrics.registrationsRefused.inc({ code: refusalOf(app, error).code });
    done();
  });
}
