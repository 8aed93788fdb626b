import type { Kysely } from 'kysely';

/**
 * The staff list filters by province (often with a date range), and by plan, type and service
 * together; measured at 100,000 registrations (`npm run bench -- --only=staff-list`), each of
 * these was a scan of the table without its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('registrations_province_created_at')
    .on('registrations')
    .columns(['province_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('registrations_tier_type_service')
    .on('registrations')
    .columns(['tier', 'type', 'service'])
    .execute();
}
