import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Work } from '../db/group-commit.js';
import type { Database } from '../db/tables.js';

export interface LeasedWorkerOptions<Row> {
  /** Runs a write durably (the server's group commit): claims and settlements share its fsyncs. */
  write: <T>(work: Work<T>) => Promise<T>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** How long a claim holds: longer than a delivery and its settling, so only a dead process loses it. */
  leaseMs: number;
  /**
   * Claims up to `batch` due rows under `claim` until `leaseUntil`, in one compare-and-set
   * statement, so each row goes to one worker whatever the number of processes.
   */
  claimDue: (db: Kysely<Database>, claim: string, now: number, leaseUntil: number, batch: number) => Promise<Row[]>;
  /** Delivers one claimed row and settles it; false when its outcome could not be recorded. */
  deliver: (row: Row, claim: string) => Promise<boolean>;
  /** The log line when the queue could not be read. */
  unreadWarning: string;
  batch?: number;
  pollMs?: number;
}

/**
 * A queue in the database, sent from the server process: every second (and when nudged) it claims
 * a batch of due rows under a lease, delivers them at once and lets each settle. A row claimed by
 * a process that died is taken again once its lease runs out, so nothing is lost on a restart.
 */
export class LeasedWorker<Row> {
  readonly #options: Required<LeasedWorkerOptions<Row>>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: LeasedWorkerOptions<Row>) {
    this.#options = { batch: 20, pollMs: 1000, ...options };
  }

  start(): void {
    this.#timer = setInterval(() => this.nudge(), this.#options.pollMs);
    this.#timer.unref();
  }

  /** Runs soon: a row was just queued. */
  nudge(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    void this.runOnce();
  }

  /** One pass over the due rows (joins a pass already under way); resolves with how many were settled. */
  runOnce(): Promise<number> {
    if (this.#running) return this.#running.then(() => this.runOnce());
    this.#running = this.#pass().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.nudge();
      }
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  async #pass(): Promise<number> {
    const { write, clock, batch, log, leaseMs, claimDue, deliver, unreadWarning } = this.#options;
    const claim = randomBytes(12).toString('base64url');
    const now = clock();
    let rows: Row[];
    try {
      rows = await write((db) => claimDue(db, claim, now, now + leaseMs, batch));
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, unreadWarning);
      return 0;
    }
    const settled = await Promise.all(rows.map((row) => deliver(row, claim)));
    // A full batch means more may be waiting: go on without waiting for the timer.
    if (rows.length === batch) this.#again = true;
    return settled.filter(Boolean).length;
  }
}
