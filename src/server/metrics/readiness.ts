import { migrationState, type DatabaseHandle } from '../db/database.js';
import { withDeadline } from './deadline.js';

/** Why a process should not be sent traffic now: the codes GET /api/health/ready answers with. */
export const NOT_READY_REASONS = [
  'stopping',
  'database_unavailable',
  'migrations_pending',
  'migrations_unknown',
  'redis_unavailable',
  'definition_not_loaded',
] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

export interface ReadinessDeps {
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'ping'>;
  /** The shared rate-limit store, when REDIS_URL is set (read at each check: it is added after this). */
  redis: () => { ping(): Promise<unknown> } | undefined;
  /** Whether the live version's artifacts are made, i.e. it can be served. */
  definitionLoaded: () => boolean;
  /** How long the database and Redis may take to answer. */
  timeoutMs: number;
}

/**
 * Whether this process should receive traffic: the database answers and its schema is this
 * release's, Redis answers where it is configured, the live version of the form is loaded, and the
 * process is not stopping (after SIGTERM it says so first, so a balancer stops sending before the
 * port closes).
 */
export class Readiness {
  #stopping = false;

  constructor(private readonly deps: ReadinessDeps) {}

  get stopping(): boolean {
    return this.#stopping;
  }

  /** From now on the process answers not ready, whatever else holds. */
  beginStopping(): void {
    this.#stopping = true;
  }

  /** The reasons not to send traffic now; empty when ready. */
  async check(): Promise<NotReadyReason[]> {
    const [database, redis] = await Promise.all([this.#database(), this.#redis()]);
    const reasons: NotReadyReason[] = [];
    if (this.#stopping) reasons.push('stopping');
    reasons.push(...database, ...redis);
    if (!this.deps.definitionLoaded()) reasons.push('definition_not_loaded');
    return reasons;
  }

  async #database(): Promise<NotReadyReason[]> {
    const { database, timeoutMs } = this.deps;
    try {
      await withDeadline(database.ping(), timeoutMs, 'the database ping');
      const state = await withDeadline(migrationState(database), timeoutMs, 'the migrations read');
      const reasons: NotReadyReason[] = [];
      if (state.pending.length > 0) reasons.push('migrations_pending');
      if (state.unknown.length > 0) reasons.push('migrations_unknown');
      return reasons;
    } catch {
      return ['database_unavailable'];
    }
  }

  async #redis(): Promise<NotReadyReason[]> {
    const redis = this.deps.redis();
    if (!redis) return [];
    try {
      await withDeadline(redis.ping(), this.deps.timeoutMs, 'the Redis ping');
      return [];
    } catch {
      return ['redis_unavailable'];
    }
  }
}
