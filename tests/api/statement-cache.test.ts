import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../src/server/db/statement-cache.js';

let sqlite: SQLite.Database;

afterEach(() => {
  if (sqlite.open) sqlite.close();
});

function compiled(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map(([sql]) => sql);
}

describe('withStatementCache', () => {
  it('compiles a statement once and keeps answering with it', () => {
    sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const database = withStatementCache(sqlite);
    database.prepare('create table t (x integer)').run([]);
    for (const x of [1, 2, 3]) database.prepare('insert into t (x) values (?)').run([x]);
    expect(database.prepare('select sum(x) as total from t').all([])).toEqual([{ total: 6 }]);
    expect(compiled(prepare)).toEqual([
      'create table t (x integer)',
      'insert into t (x) values (?)',
      'select sum(x) as total from t',
    ]);
  });

  it('keeps at most `limit` statements, dropping the least recently used', () => {
    sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const database = withStatementCache(sqlite, 2);
    for (const sql of ['select 1', 'select 2', 'select 1', 'select 3', 'select 1', 'select 2']) database.prepare(sql);
    // «select 3» dropped «select 2», used longest ago; «select 1», used just before, stayed.
    expect(compiled(prepare)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a caller its own statement while the kept one is still iterating, and closes the database', () => {
    sqlite = new SQLite(':memory:');
    const database = withStatementCache(sqlite);
    const query = 'select 1 as x union all select 2';
    const first = database.prepare(query) as SQLite.Statement;
    const rows = first.iterate();
    rows.next();
    const second = database.prepare(query);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ x: 1 }, { x: 2 }]);
    rows.return?.();
    database.close();
    expect(sqlite.open).toBe(false);
  });
});
