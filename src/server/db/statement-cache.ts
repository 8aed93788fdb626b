import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The SQLite database Kysely is handed, keeping compiled statements. Kysely's SQLite driver calls
 * `prepare` for every query it runs, and better-sqlite3 compiles the SQL each time: under load that
 * was 4 % of the server's CPU for the same few dozen statements. The least recently used statement
 * leaves once `limit` are kept (the staff list's filters make a bounded but larger set of shapes).
 */
export function withStatementCache(sqlite: SQLite.Database, limit = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const kept = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again: that caller gets its own.
      if (kept?.busy) return sqlite.prepare(sql);
      if (kept) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
