import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Staff accounts, their server-side sessions, and the sign-in throttle shared by every process. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('staff_accounts')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
      )
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      // SHA-256 of the cookie's id: a copy of this table lets nobody in.
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'integer', (col) => col.notNull().references('staff_accounts.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('staff_sessions_account_id').on('staff_sessions').column('account_id').execute();
    await db.schema
      .createTable('sign_in_throttle')
      // 'account:EMAIL' or 'address:IP'.
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('last_failure_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint', (col) => col.notNull())
      .execute();
  };
}
