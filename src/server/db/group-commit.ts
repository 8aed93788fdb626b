import type { Kysely } from 'kysely';
import type { DatabaseHandle, Durability, Trx } from './database.js';
import type { Database } from './tables.js';

/** A unit of work; it gets the open transaction as a plain query builder. */
export type Work<T> = (db: Kysely<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  durability: Durability;
  maxBatch?: number;
}

/**
 * Group commit: works submitted in the same turn of the event loop (and those arriving while a
 * commit is in progress) run in ONE transaction, and each promise settles only after that commit.
 * One fsync then covers a whole batch, which is what lets synchronous=FULL keep up with load.
 * Each work runs under its own savepoint, so one failing work does not undo its neighbours.
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
      const outcomes = await this.#database.transaction(this.#durability, (trx) => runAll(trx, batch));
      outcomes.forEach((outcome, index) => settle(batch[index], outcome));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
      else this.#idle.splice(0).forEach((resolve) => resolve());
    }
  }
}

async function runAll(trx: Trx, batch: Pending[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const pending of batch) {
    const savepoint = await trx.savepoint('work').execute();
    try {
      const value = await pending.work(savepoint);
      await savepoint.releaseSavepoint('work').execute();
      outcomes.push({ ok: true, value });
    } catch (error) {
      // If the connection itself failed this throws too, and the whole batch fails with it.
      await savepoint.rollbackToSavepoint('work').execute();
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

function settle(pending: Pending, outcome: Outcome): void {
  if (outcome.ok) pending.resolve(outcome.value);
  else pending.reject(outcome.error);
}
