import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Work } from '../db/group-commit.js';
import type { Database } from '../db/tables.js';

/** How many deliveries of one receiver may be under way at once, and how to tell receivers apart. */
export interface PerReceiver<Row> {
  receiverOf: (row: Row) => number;
  limit: number;
  /** Gives back rows claimed beyond a receiver's limit, untouched (outbox/lease.repository.ts releaseClaimed). */
  release: (db: Kysely<Database>, claim: string, rows: Row[]) => Promise<void>;
}

export interface LeasedWorkerOptions<Row> {
  /** Runs a write durably (the server's group commit): claims and settlements share its fsyncs. */
  write: <T>(work: Work<T>) => Promise<T>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** How long a claim holds: longer than a delivery and its settling, so only a dead process loses it. */
  leaseMs: number;
  /**
   * Claims up to `limit` due rows under `claim` until `leaseUntil`, in one compare-and-set
   * statement, so each row goes to one worker whatever the number of processes; rows of the
   * receivers in `busy` are left for later.
   */
  claimDue: (
    db: Kysely<Database>,
    claim: { claim: string; now: number; leaseUntil: number; limit: number; busy: readonly number[] },
  ) => Promise<Row[]>;
  /** Delivers one claimed row and settles it; false when its outcome could not be recorded. */
  deliver: (row: Row, claim: string) => Promise<boolean>;
  /** The log line when the queue could not be read. */
  unreadWarning: string;
  /** Deliveries under way at most, in this process. */
  concurrency?: number;
  /** A limit per receiver, so that one slow receiver holds a few of the slots and never all. */
  perReceiver?: PerReceiver<Row>;
  pollMs?: number;
}

/**
 * A queue in the database, sent from the server process. Whenever a delivery slot is free (every
 * second, when nudged, and as each delivery ends) it claims due rows under a lease and starts
 * them; it never waits for a whole batch, so a receiver that takes 14 s to answer holds its own
 * slots and delays nobody else's events. A row claimed by a process that died is taken again
 * once its lease runs out, so nothing is lost on a restart.
 */
export class LeasedWorker<Row> {
  readonly #options: LeasedWorkerOptions<Row> & { concurrency: number; pollMs: number };
  readonly #inFlight = new Set<Promise<void>>();
  readonly #perReceiver = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  #claiming: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #settled = 0;

  constructor(options: LeasedWorkerOptions<Row>) {
    this.#options = { concurrency: 20, pollMs: 1000, ...options };
  }

  start(): void {
    this.#timer = setInterval(() => this.nudge(), this.#options.pollMs);
    this.#timer.unref();
  }

  /** Claims soon: a row was just queued, or a slot came free. */
  nudge(): void {
    if (!this.#stopped) void this.#fill();
  }

  /**
   * Claims what is due into the free slots, then waits until no delivery is under way (those
   * started meanwhile included); resolves with how many were settled in that time.
   */
  async runOnce(): Promise<number> {
    const before = this.#settled;
    await this.#fill();
    while (this.#inFlight.size > 0 || this.#claiming) await Promise.all([...this.#inFlight, this.#claiming]);
    return this.#settled - before;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    while (this.#inFlight.size > 0 || this.#claiming) await Promise.all([...this.#inFlight, this.#claiming]);
  }

  /** One claimer at a time; a call while it runs makes it claim once more before it ends. */
  #fill(): Promise<void> {
    if (this.#claiming) {
      this.#again = true;
      return this.#claiming;
    }
    this.#claiming = this.#claimWhileFree().finally(() => (this.#claiming = undefined));
    return this.#claiming;
  }

  async #claimWhileFree(): Promise<void> {
    do {
      this.#again = false;
      const free = this.#options.concurrency - this.#inFlight.size;
      if (free <= 0) return;
      const claimed = await this.#claim(free);
      // As many as asked for: more may be waiting.
      if (claimed === free) this.#again = true;
    } while (this.#again && !this.#stopped);
  }

  /** Claims up to `limit` rows and starts those their receiver has room for; answers how many came. */
  async #claim(limit: number): Promise<number> {
    const { write, clock, leaseMs, claimDue, log, unreadWarning, perReceiver } = this.#options;
    const claim = randomBytes(12).toString('base64url');
    const now = clock();
    const busy = [...this.#perReceiver].filter(([, count]) => count >= (perReceiver?.limit ?? Infinity));
    let rows: Row[];
    try {
      rows = await write((db) =>
        claimDue(db, { claim, now, leaseUntil: now + leaseMs, limit, busy: busy.map(([receiver]) => receiver) }),
      );
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, unreadWarning);
      return 0;
    }
    const later = rows.filter((row) => !this.#start(row, claim));
    if (later.length > 0 && perReceiver) await this.#release(perReceiver, claim, later);
    return rows.length;
  }

  /** Starts a delivery unless its receiver is at its limit. */
  #start(row: Row, claim: string): boolean {
    const receiver = this.#options.perReceiver?.receiverOf(row);
    if (receiver !== undefined) {
      const count = this.#perReceiver.get(receiver) ?? 0;
      if (count >= (this.#options.perReceiver?.limit ?? Infinity)) return false;
      this.#perReceiver.set(receiver, count + 1);
    }
    const delivery: Promise<void> = this.#options
      .deliver(row, claim)
      .then((settled) => void (settled && (this.#settled += 1)))
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight.delete(delivery);
        if (receiver !== undefined) this.#leave(receiver);
        this.nudge();
      });
    this.#inFlight.add(delivery);
    return true;
  }

  #leave(receiver: number): void {
    const count = (this.#perReceiver.get(receiver) ?? 1) - 1;
    if (count > 0) this.#perReceiver.set(receiver, count);
    else this.#perReceiver.delete(receiver);
  }

  async #release(perReceiver: PerReceiver<Row>, claim: string, rows: Row[]): Promise<void> {
    try {
      await this.#options.write((db) => perReceiver.release(db, claim, rows));
    } catch (error) {
      // Not given back: they are taken again once their lease runs out.
      this.#options.log.warn({ err: { message: (error as Error).message } }, this.#options.unreadWarning);
    }
  }
}
