import { migrationState, type DatabaseHandle, type MigrationState } from '../db/database.js';
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
  /** The clock the migrations' read is aged by. */
  clock: () => number;
}

/**
 * How long the migrations read stays the answer. They change at a deploy only; a newer release
 * migrating the database under this process makes it not ready within this time.
 */
export const MIGRATIONS_RECHECK_MS = 10_000;

interface MigrationsRead {
  state: Promise<MigrationState>;
  readAt: number;
}

/**
 * Whether this process should receive traffic: the database answers and its schema is this
 * release's, Redis answers where it is configured, the live version of the form is loaded, and the
 * process is not stopping (after SIGTERM it says so first, so a balancer stops sending before the
 * port closes).
 */
export class Readiness {
  #stopping = false;
  #migrations: MigrationsRead | undefined;

  constructor(private readonly deps: ReadinessDeps) {}

  get stopping(): boolean {
    return this.#stopping;
  }

  /** From now on the process answers not ready, whatever else holds. */
  beginStopping(): void {
    this.#stopping = true;
  }

  /**
   * The reasons not to send traffic now; empty when ready. `databaseAnswered`: the caller has just
   * had an answer from the database (the scrape's statement), which stands for the ping.
   */
  async check({ databaseAnswered = false } = {}): Promise<NotReadyReason[]> {
    const [database, redis] = await Promise.all([this.#database(databaseAnswered), this.#redis()]);
    const reasons: NotReadyReason[] = [];
    if (this.#stopping) reasons.push('stopping');
    reasons.push(...database, ...redis);
    if (!this.deps.definitionLoaded()) reasons.push('definition_not_loaded');
    return reasons;
  }

  /** One round trip at most: the migrations' read when it is due (it answers for the database too), else a ping. */
  async #database(databaseAnswered: boolean): Promise<NotReadyReason[]> {
    const { database, timeoutMs } = this.deps;
    try {
      let migrations = this.#recentMigrations();
      if (migrations === undefined) migrations = this.#readMigrations();
      else if (!databaseAnswered) await withDeadline(database.ping(), timeoutMs, 'the database ping');
      const state = await migrations;
      const reasons: NotReadyReason[] = [];
      if (state.pending.length > 0) reasons.push('migrations_pending');
      if (state.unknown.length > 0) reasons.push('migrations_unknown');
      return reasons;
    } catch {
      return ['database_unavailable'];
    }
  }

  #recentMigrations(): Promise<MigrationState> | undefined {
    const read = this.#migrations;
    if (read === undefined) return undefined;
    const age = this.deps.clock() - read.readAt;
    return age >= 0 && age < MIGRATIONS_RECHECK_MS ? read.state : undefined;
  }

  /** Probes at once share the read; a failed read is forgotten, so the next probe reads again. */
  #readMigrations(): Promise<MigrationState> {
    const { database, timeoutMs, clock } = this.deps;
    const state = withDeadline(migrationState(database), timeoutMs, 'the migrations read');
    const read = { state, readAt: clock() };
    this.#migrations = read;
    state.catch(() => {
      if (this.#migrations === read) this.#migrations = undefined;
    });
    return state;
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
