import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('registrations')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
      )
      .addColumn('tracking_code', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
      .addColumn('tier', 'integer', (col) => col.notNull())
      .addColumn('type', 'integer', (col) => col.notNull())
      .addColumn('service', 'integer', (col) => col.notNull())
      .addColumn('province_id', 'integer', (col) => col.notNull())
      .addColumn('city_id', 'integer', (col) => col.notNull())
      .addColumn('latitude', 'double precision', (col) => col.notNull())
      .addColumn('longitude', 'double precision', (col) => col.notNull())
      .addColumn('pharmacy_name', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('has_davajoo', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('national_code', 'text', (col) => col.notNull())
      .addColumn('mobile_number', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('definition_version', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('registrations_created_at').on('registrations').column('created_at').execute();
  };
}
