import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('session', 'text', (col) => col.notNull())
    .addColumn('answer', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('spent_at', 'bigint')
    .execute();
  // The clean-up deletes by expiry.
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();
}
