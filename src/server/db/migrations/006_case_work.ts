import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Case work on registrations: an append-only audit log (also sign-ins and exports) and notes. */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('audit_events')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('actor_id', 'integer', (col) => col.references('staff_accounts.id'))
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('registration_id', 'integer', (col) => col.references('registrations.id'))
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('audit_events_registration_id').on('audit_events').column('registration_id').execute();
    await db.schema
      .createTable('registration_notes')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('registration_id', 'integer', (col) => col.notNull().references('registrations.id'))
      .addColumn('author_id', 'integer', (col) => col.notNull().references('staff_accounts.id'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('registration_notes_registration_id')
      .on('registration_notes')
      .column('registration_id')
      .execute();
  };
}
