import type { Kysely } from 'kysely';

/**
 * The staff console looks registrations up by national code and mobile (search and duplicates),
 * by name in a city (duplicates) and lists them by status, newest first: without these, each is a
 * scan of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('registrations_national_code').on('registrations').column('national_code').execute();
  await db.schema.createIndex('registrations_mobile_number').on('registrations').column('mobile_number').execute();
  await db.schema
    .createIndex('registrations_city_name')
    .on('registrations')
    .columns(['city_id', 'pharmacy_name'])
    .execute();
  await db.schema
    .createIndex('registrations_status_created_at')
    .on('registrations')
    .columns(['status', 'created_at'])
    .execute();
}
