import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import type { Dialect } from '../../src/server/db/dialect.js';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { databaseTargets, type DatabaseTarget } from './helpers.js';

const sqliteFile = `sqlite:${join(mkdtempSync(join(tmpdir(), 'throttle-')), 'app.db')}`;
const targets = await databaseTargets(sqliteFile);

/** A bare connection to the target, so the schema can be stopped before the rename. */
function connect(target: DatabaseTarget): Kysely<unknown> {
  const parsed = parseDatabaseUrl(target.url);
  if (parsed.kind === 'sqlite')
    return new Kysely({ dialect: new SqliteDialect({ database: new SQLite(parsed.path) }) });
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: parsed.url, max: 1 }) }) });
}

async function migrateBeforeRename(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    migrationTableSchema: schema,
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateTo('017_api_keys');
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}

describe.each(targets)('migration 018 on $name', (target: DatabaseTarget) => {
  afterAll(async () => {
    await target.drop();
  });

  it('renames sign_in_throttle to throttle and keeps its rows and its key', async () => {
    const before = connect(target);
    await migrateBeforeRename(before, target.name);
    await sql`insert into sign_in_throttle (key, failures, last_failure_at, locked_until)
              values ('account:kept@example.ir', 3, 1000, 5000), ('status-code:ABC', 1, 2000, 0)`.execute(before);
    await before.destroy();

    const database = await openDatabase(parseDatabaseUrl(target.url));
    try {
      // Later migrations run after it in the same open.
      expect(database.appliedMigrations[0]).toBe('018_throttle');
      const rows = await database.db.selectFrom('throttle').selectAll().orderBy('key').execute();
      expect(rows).toEqual([
        { key: 'account:kept@example.ir', failures: 3, last_failure_at: 1000, locked_until: 5000 },
        { key: 'status-code:ABC', failures: 1, last_failure_at: 2000, locked_until: 0 },
      ]);
      await expect(
        database.db
          .insertInto('throttle')
          .values({ key: 'status-code:ABC', failures: 1, last_failure_at: 0, locked_until: 0 })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
