import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Which queue a delivery or a depth is about. */
export type OutboxName = 'sms' | 'webhook';

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route and method labels come from a closed set: an unknown URL or method never makes a new series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's own figures (CPU, memory, handles, GC, event loop delay), once per process:
 * every app built in it (the tests build many) shares them, as they describe the process.
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/**
 * Every metric of one app, named after Prometheus's conventions (base units, `_total` for
 * counters, `_seconds`). No label ever holds a URL, a tracking code, a number, an address or a
 * name: routes are templates, codes and kinds come from closed sets.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route template, method and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly registrationsStored = new Counter({
    name: 'pharmacy_registrations_stored_total',
    help: 'Registrations stored (an Idempotency-Key replay is not counted again).',
    registers: [this.registry],
  });
  readonly registrationsRefused = new Counter({
    name: 'pharmacy_registrations_refused_total',
    help: 'Registrations refused, by the error code of the answer.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly smsCodesSent = new Counter({
    name: 'pharmacy_sms_codes_sent_total',
    help: 'One-time codes accepted and queued for sending.',
    registers: [this.registry],
  });
  readonly outboxDeliveries = new Counter({
    name: 'pharmacy_outbox_deliveries_total',
    help: 'Delivery attempts settled by this process, by outbox and outcome.',
    labelNames: ['outbox', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly definitionPublishes = new Counter({
    name: 'pharmacy_definition_publishes_total',
    help: 'Versions of the form made live through this process, by publish or rollback.',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });
  readonly throttleLockouts = new Counter({
    name: 'pharmacy_throttle_lockouts_total',
    help: 'Keys that earned their lock (a wait of the throttle), by kind of key.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly pressureRefusals = new Counter({
    name: 'pharmacy_under_pressure_refusals_total',
    help: 'Requests answered 503 because the event loop delay or the memory passed its bound.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly liveVersion = new Gauge({
    name: 'pharmacy_definition_live_info',
    help: 'Always 1; the version label is the version of the form this process serves as live.',
    labelNames: ['version'] as const,
    registers: [this.registry],
  });
  readonly ready = new Gauge({
    name: 'pharmacy_ready',
    help: '1 when GET /api/health/ready would answer 200, else 0.',
    registers: [this.registry],
  });
  readonly notReady = new Gauge({
    name: 'pharmacy_not_ready',
    help: '1 for each reason readiness fails at the scrape (the codes of GET /api/health/ready).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly outboxWaiting = new Gauge({
    name: 'pharmacy_outbox_waiting_messages',
    help: 'Messages not yet delivered nor given up (waiting or being sent), by outbox; read from the database.',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  readonly outboxOldestAge = new Gauge({
    name: 'pharmacy_outbox_oldest_waiting_age_seconds',
    help: 'Age of the oldest message not yet delivered nor given up, by outbox (0 when none); read from the database.',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  readonly webhookEndpointsDisabled = new Gauge({
    name: 'pharmacy_webhook_endpoints_disabled',
    help: 'Webhook endpoints disabled, by reason: gone (answered 410), failing (5 days), by_admin.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly webhookFailingFor = new Gauge({
    name: 'pharmacy_webhook_failing_duration_seconds',
    help: 'How long the enabled endpoint failing longest has failed without a success (0 when none).',
    registers: [this.registry],
  });
  readonly budgetSpent = new Gauge({
    name: 'pharmacy_hourly_budget_spent',
    help: 'Units of an hourly budget spent in the current clock hour, by budget; read from the database.',
    labelNames: ['budget'] as const,
    registers: [this.registry],
  });
  readonly budgetLimit = new Gauge({
    name: 'pharmacy_hourly_budget_limit',
    help: 'The cap of an hourly budget, by budget (its configuration variable).',
    labelNames: ['budget'] as const,
    registers: [this.registry],
  });
  readonly databaseUp = new Gauge({
    name: 'pharmacy_metrics_database_up',
    help: '1 when the figures kept in the database were read within METRICS_QUERY_TIMEOUT_MS at this scrape, else 0 (they are left out).',
    registers: [this.registry],
  });
  readonly databaseReadSeconds = new Gauge({
    name: 'pharmacy_metrics_database_read_seconds',
    help: 'How long reading the figures kept in the database took at this scrape.',
    registers: [this.registry],
  });

  /** The exposition text: the process's metrics, then the app's. */
  async text(): Promise<string> {
    const [process, app] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.httpDuration.observe(
      {
        method: HTTP_METHODS.has(method) ? method : 'other',
        route: route ?? UNMATCHED_ROUTE,
        status_class: `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`,
      },
      seconds,
    );
  }
}
