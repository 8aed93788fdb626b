import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The keys other systems read registrations with. Only the key's SHA-256 is kept (the
 * unique index is the lookup of every request that carries one) and its first characters, to tell
 * keys apart in the console; the key itself is shown once and never stored.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('key_hash', 'text', (col) => col.notNull().unique())
      .addColumn('prefix', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('created_by', 'integer', (col) => col.references('staff_accounts.id'))
      .execute();
  };
}
