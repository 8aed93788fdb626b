import type { Kysely } from 'kysely';
import type { DatabaseHandle, Durability } from './database.js';
import type { Database } from './tables.js';
import { isDatabaseUnavailable } from '../errors.js';

/** A unit of work; it gets the open transaction as a plain query builder. */
export type Work<T> = (db: Kysely<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  durability: Durability;
  maxBatch?: number;
}

/**
 * Group commit: works submitted in the same turn of the event loop (and those arriving while a
 * commit is in progress) run in ONE transaction, and each promise settles only after that commit.
 * One fsync then covers a whole batch, which is what lets synchronous=FULL keep up with load.
 * Works are written not to throw; if one does anyway, the batch is rolled back and each of its
 * works is run again in a transaction of its own, so one bad work never undoes its neighbours.
 * (Savepoints would do the same at two more statements per work, on every batch.)
 */
export class GroupCommit {
  readonly #database: DatabaseHandle;
  readonly #durability: Durability;
  readonly #maxBatch: number;
  #queue: Pending[] = [];
  #scheduled = false;
  #running = false;
  #idle: Array<() => void> = [];

  constructor(database: DatabaseHandle, options: GroupCommitOptions) {
    this.#database = database;
    this.#durability = options.durability;
    this.#maxBatch = options.maxBatch ?? 256;
  }

  submit<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /** Resolves once every submitted work has settled. */
  drain(): Promise<void> {
    if (!this.#running && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    this.#running = true;
    const batch = this.#queue.splice(0, this.#maxBatch);
    try {
      await this.#runBatch(batch);
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
      else this.#idle.splice(0).forEach((resolve) => resolve());
    }
  }

  async #runBatch(batch: Pending[]): Promise<void> {
    let values: unknown[];
    try {
      values = await this.#database.transaction(this.#durability, async (trx) => {
        const results: unknown[] = [];
        for (const pending of batch) results.push(await pending.work(trx));
        return results;
      });
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      for (const pending of batch) await this.#runBatch([pending]);
      return;
    }
    values.forEach((value, index) => batch[index].resolve(value));
  }
}
