import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { HourlyBudget } from './budgets.js';
import { withDeadline } from './deadline.js';
import { readDatabaseFigures } from './figures.repository.js';
import type { Metrics, OutboxName } from './metrics.js';
import { NOT_READY_REASONS, type Readiness } from './readiness.js';

export interface ScrapeDeps {
  metrics: Metrics;
  readiness: Readiness;
  read: () => Kysely<Database>;
  clock: () => number;
  liveVersion: () => string;
  budgets: HourlyBudget[];
  /** METRICS_QUERY_TIMEOUT_MS */
  queryTimeoutMs: number;
  /** Told once per scrape whose database figures were left out. */
  onSlowRead: (error: Error) => void;
}

const OUTBOXES: OutboxName[] = ['sms', 'webhook'];

/**
 * Brings the figures read at scrape time up to date, then renders every metric. The database's
 * figures are one statement, read with a bound: past it they are left out of this scrape (with
 * pharmacy_metrics_database_up 0) and the rest is served. Readiness is checked after it, and
 * takes that statement's answer as its database ping, so a scrape holds one pooled connection
 * for one round trip at a time. Scrapes that overlap share one read.
 */
export class Scrape {
  #reading: Promise<boolean> | undefined;

  constructor(private readonly deps: ScrapeDeps) {
    for (const budget of deps.budgets) deps.metrics.budgetLimit.set({ budget: budget.name }, budget.limit);
  }

  async render(): Promise<string> {
    const { metrics } = this.deps;
    metrics.liveVersion.reset();
    metrics.liveVersion.set({ version: this.deps.liveVersion() }, 1);
    const databaseAnswered = await this.#databaseFigures();
    await this.#readiness(databaseAnswered);
    return metrics.text();
  }

  async #readiness(databaseAnswered: boolean): Promise<void> {
    const { metrics, readiness } = this.deps;
    const reasons = new Set(await readiness.check({ databaseAnswered }));
    metrics.ready.set(reasons.size === 0 ? 1 : 0);
    for (const reason of NOT_READY_REASONS) metrics.notReady.set({ reason }, reasons.has(reason) ? 1 : 0);
  }

  /** Whether the database answered. */
  #databaseFigures(): Promise<boolean> {
    this.#reading ??= this.#readDatabase().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #readDatabase(): Promise<boolean> {
    const { metrics, queryTimeoutMs } = this.deps;
    const started = performance.now();
    const gauges = [
      metrics.outboxWaiting,
      metrics.outboxOldestAge,
      metrics.webhookEndpointsDisabled,
      metrics.webhookFailingFor,
      metrics.budgetSpent,
    ];
    try {
      const figures = await withDeadline(this.#read(), queryTimeoutMs, 'reading the metrics kept in the database');
      for (const gauge of gauges) gauge.reset();
      figures();
      metrics.databaseUp.set(1);
      return true;
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      metrics.databaseUp.set(0);
      this.deps.onSlowRead(error as Error);
      return false;
    } finally {
      metrics.databaseReadSeconds.set((performance.now() - started) / 1000);
    }
  }

  /** Reads everything first and returns how to set the gauges, so a late read never sets half of them. */
  async #read(): Promise<() => void> {
    const { read, clock, budgets, metrics } = this.deps;
    const db = read();
    const now = clock();
    const keys = budgets.map((budget) => budget.keyAt(now));
    const { outboxes, endpoints, counted } = await readDatabaseFigures(db, keys);
    return () => {
      OUTBOXES.forEach((outbox) => {
        const depth = outboxes[outbox];
        metrics.outboxWaiting.set({ outbox }, depth.waiting);
        const age = depth.oldestCreatedAt === undefined ? 0 : Math.max(0, now - depth.oldestCreatedAt) / 1000;
        metrics.outboxOldestAge.set({ outbox }, age);
      });
      for (const [reason, count] of Object.entries(endpoints.disabled))
        metrics.webhookEndpointsDisabled.set({ reason }, count);
      metrics.webhookFailingFor.set(
        endpoints.failingSince === undefined ? 0 : Math.max(0, now - endpoints.failingSince) / 1000,
      );
      budgets.forEach((budget, index) => metrics.budgetSpent.set({ budget: budget.name }, counted(keys[index])));
    };
  }
}
