import type { Kysely } from 'kysely';

/** Every definition the server has served, so an old registration is read with its own titles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('definition_versions')
    .addColumn('version', 'text', (col) => col.primaryKey())
    .addColumn('registration_schema', 'text', (col) => col.notNull())
    .addColumn('first_served_at', 'bigint', (col) => col.notNull())
    .execute();
}
