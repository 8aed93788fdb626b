import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The definition as product data: each version's whole files (immutable; the rows of
 * 007 that hold only a registration schema stay for old registrations' titles), the one live
 * pointer with a serial every process polls, the draft with a revision for compare-and-set, and
 * the history of every import, publish and rollback (append-only).
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return async (db: Kysely<unknown>): Promise<void> => {
    // JSON text: path relative to schemas/ -> the file's text as it was saved.
    await db.schema.alterTable('definition_versions').addColumn('texts', 'text').execute();
    await db.schema
      .createTable('definition_live')
      // One row, id 1: a single live version cannot be a matter of opinion between processes.
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sqlOne()))
      .addColumn('version', 'text', (col) => col.notNull().references('definition_versions.version'))
      .addColumn('serial', 'integer', (col) => col.notNull())
      .addColumn('changed_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('definition_draft')
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sqlOne()))
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('texts', 'text', (col) => col.notNull())
      .addColumn('base_version', 'text', (col) => col.notNull())
      .addColumn('saved_at', 'bigint', (col) => col.notNull())
      .addColumn('saved_by', 'integer', (col) => col.references('staff_accounts.id'))
      .execute();
    await db.schema
      .createTable('definition_publications')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('version', 'text', (col) => col.notNull().references('definition_versions.version'))
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('actor_id', 'integer', (col) => col.references('staff_accounts.id'))
      .addColumn('note', 'text')
      .addColumn('previous_version', 'text')
      .execute();
  };
}

function sqlOne() {
  return sql`id = 1`;
}
