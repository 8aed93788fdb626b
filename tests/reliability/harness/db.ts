/**
 * Fresh, isolated databases for one server each, and direct reads of what the server stored.
 * SQLite: a temp file. PostgreSQL: `CREATE DATABASE rel_<run>_<n>` on TEST_DATABASE_URL's server,
 * dropped at the end (the global teardown also drops any a crashed worker left behind); nothing
 * outside these databases is ever touched.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { runDir, runId, testDatabaseUrl, type DbKind } from './env.js';

export type Row = Record<string, unknown>;

export interface TestDatabase {
  kind: DbKind;
  /** What the server's DATABASE_URL gets. */
  url: string;
  /** For PostgreSQL: the database's host and port, so a proxy can stand in front of it. */
  host?: string;
  port?: number;
  name: string;
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Drops the database (or deletes the file). */
  drop(): Promise<void>;
}

let counter = 0;

export const createdDatabasesFile = (): string => resolve(runDir, `pg-databases-${runId}.txt`);

export async function createDatabase(kind: DbKind, label: string): Promise<TestDatabase> {
  counter += 1;
  const name = `rel_${runId}_${process.pid}_${counter}_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}`.slice(0, 63);
  return kind === 'sqlite' ? createSqlite(name) : createPostgres(name);
}

function createSqlite(name: string): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'rel-sqlite-'));
  const file = join(dir, `${name}.db`);
  return {
    kind: 'sqlite',
    url: `sqlite:${file}`,
    name: file,
    async query(sql, params = []) {
      // A fresh read-only connection per query: it sees every commit, and it never holds a lock.
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        const statement = db.prepare(sql);
        return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
      } finally {
        db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A writable SQLite connection for a test that must change data behind the server's back (expiry). */
export function sqliteWrite(file: string, sql: string, params: unknown[] = []): number {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).run(...params).changes;
  } finally {
    db.close();
  }
}

/** PRAGMA integrity_check on a SQLite file, opened as a fresh process would. */
export function sqliteIntegrity(file: string): string {
  const db = new Database(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function adminUrl(): URL {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  return new URL(testDatabaseUrl);
}

async function withAdmin<T>(body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl().toString() });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

async function createPostgres(name: string): Promise<TestDatabase> {
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  mkdirSync(runDir, { recursive: true });
  appendFileSync(createdDatabasesFile(), `${name}\n`);
  const url = adminUrl();
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    name,
    async query(sql, params = []) {
      // The suite writes `?` placeholders (SQLite style); PostgreSQL wants $1, $2…
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${(n += 1)}`);
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async drop() {
      await pool.end().catch(() => undefined);
      await dropPostgresDatabase(name);
    },
  };
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  if (!/^rel_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}: not one of this suite's databases`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Rows of the registrations table (the server's migration 001). */
export async function registrationRows(db: TestDatabase): Promise<Row[]> {
  return db.query('SELECT * FROM registrations');
}

export async function countRows(db: TestDatabase, table: string): Promise<number> {
  const rows = await db.query(`SELECT COUNT(*) AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}

/** tracking code -> number of rows carrying it. */
export async function trackingCodeCounts(db: TestDatabase): Promise<Map<string, number>> {
  const rows = await db.query('SELECT tracking_code FROM registrations');
  const counts = new Map<string, number>();
  for (const row of rows) {
    const code = String(row.tracking_code);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}
