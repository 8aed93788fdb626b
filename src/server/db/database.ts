import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type ControlledTransaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import { withStatementCache } from './statement-cache.js';
import type { Dialect } from './dialect.js';
import type { Database } from './tables.js';

export type Trx = ControlledTransaction<Database>;

/** How hard a commit must reach the disk. */
export type Durability = 'durable' | 'relaxed';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs `body` in one transaction; `relaxed` may lose the last commits on a power cut. */
  transaction<T>(durability: Durability, body: (trx: Trx) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The migrations this open applied, oldest first: empty when the schema was already current. */
  appliedMigrations: string[];
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0].schema;
}

/** A database before its migrations have run. */
type OpenedDatabase = Omit<DatabaseHandle, 'appliedMigrations'>;

export interface DatabaseEvents {
  onPoolError?: (error: Error) => void;
}

export interface OpenOptions extends DatabaseEvents {
  /**
   * `apply` (default): run the migrations not yet run. `check`: run none, and refuse to open a
   * database whose schema is behind the code (migrations run as their own release step).
   */
  migrations?: 'apply' | 'check';
}

export class SchemaBehindError extends Error {}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const handle = target.kind === 'sqlite' ? openSqlite(target.path) : openPostgres(target.url, options);
  try {
    if (options.migrations === 'check') {
      await checkMigrated(handle);
      return { ...handle, appliedMigrations: [] };
    }
    return { ...handle, appliedMigrations: await migrate(handle) };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

function openSqlite(path: string): OpenedDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a registration acknowledged to the manager survives a power cut (WAL fsync per commit).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    // One connection serves both durabilities: better-sqlite3 blocks the thread, so a second
    // connection waiting on this one's write lock would sleep in its busy handler while holding the
    // very thread the first needs to commit. Lowering `synchronous` (a per-connection setting) around
    // a relaxed transaction gives the same saving without that trap; FULL is restored before anything
    // durable runs, because the connection is held for the whole call.
    transaction: (durability, body) =>
      db.connection().execute(async (conn) => {
        if (durability === 'durable') return runInTransaction(conn, body);
        await sql`pragma synchronous = NORMAL`.execute(conn);
        try {
          return await runInTransaction(conn, body);
        } finally {
          await sql`pragma synchronous = FULL`.execute(conn);
        }
      }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, events: DatabaseEvents): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    // A database that stops answering without closing the connection (a partition, a paused VM)
    // would hold every request until TCP gives up, minutes later: bound each query instead.
    query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    // bigint columns hold epoch milliseconds, well inside Number's exact range.
    types: {
      getTypeParser: (oid: number, format?: string): ((value: string) => unknown) =>
        oid === 20 ? Number : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown),
    },
  });
  // A client losing its server emits 'error' (on the pool when idle, on the client itself when
  // checked out between queries); unhandled, either would end the process. Queries in flight fail
  // on their own and become 503s; the pool opens fresh connections once the server is back.
  pool.on('error', (error) => events.onPoolError?.(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => events.onPoolError?.(error));
    discardOnReadTimeout(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    transaction: async (durability, body) => {
      const trx = await db.startTransaction().execute();
      // A relaxed commit returns before the WAL is flushed; a crash can lose it, never corrupt it.
      if (durability === 'relaxed') await sql`set local synchronous_commit = off`.execute(trx);
      return finish(trx, body);
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

export const POSTGRES_QUERY_TIMEOUT_MS = 5000;

/**
 * After a read timeout the connection is in an unknown state (the answer may still arrive), and
 * Kysely hands clients back to the pool without discarding them: closing the socket makes the pool
 * drop this client and open a fresh one, and lets the rollback that follows fail at once.
 */
function discardOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') client.connection.stream.destroy();
      });
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}

async function runInTransaction<T>(conn: Kysely<Database>, body: (trx: Trx) => Promise<T>): Promise<T> {
  return finish(await conn.startTransaction().execute(), body);
}

async function finish<T>(trx: Trx, body: (trx: Trx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await body(trx);
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
  await trx.commit().execute();
  return result;
}

async function migratorOf(handle: OpenedDatabase): Promise<Migrator> {
  return new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Kysely looks for its bookkeeping tables in every schema unless told which: a second schema
    // of the same database (a staging copy, a test run) holding them would hide ours.
    migrationTableSchema: handle.dialect === 'postgres' ? await currentSchema(handle.db) : undefined,
    // 012 and 013 were written side by side: a database that took 013 first still takes 012.
    allowUnorderedMigrations: true,
  });
}

async function checkMigrated(handle: OpenedDatabase): Promise<void> {
  const pending = (await (await migratorOf(handle)).getMigrations()).filter((migration) => !migration.executedAt);
  if (pending.length === 0) return;
  throw new SchemaBehindError(
    `The database schema is behind this release: ${pending.length} migration(s) not run (${pending
      .map((migration) => migration.name)
      .join(', ')}). Run \`npm run db -- migrate\` first, or start with MIGRATE_AT_START=true.`,
  );
}

async function migrate(handle: OpenedDatabase): Promise<string[]> {
  const migrator = await migratorOf(handle);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

export interface MigrationState {
  /** This release's migrations the database has not run. */
  pending: string[];
  /** Migrations the database ran that this release does not know (a newer release migrated it). */
  unknown: string[];
}

/**
 * The schema against this release, in one small read of Kysely's bookkeeping table (a row per
 * migration): cheap enough for a readiness probe, unlike the migrator's own look, which
 * introspects every table.
 */
export async function migrationState(handle: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<MigrationState> {
  const known = Object.keys(await migrationProvider(handle.dialect).getMigrations());
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
  const ran = new Set(rows.map((row) => row.name));
  return {
    pending: known.filter((name) => !ran.has(name)),
    unknown: [...ran].filter((name) => !known.includes(name)),
  };
}
