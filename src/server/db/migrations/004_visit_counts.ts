import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_counts')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('tier', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addUniqueConstraint('visit_counts_day_tier', ['day', 'tier'])
    .execute();
}
