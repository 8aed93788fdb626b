import type { Kysely } from 'kysely';

/** Anonymous funnel counters: how many visitors reached each step, by day, plan and definition version. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_counts')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('tier', 'integer', (col) => col.notNull())
    .addColumn('step', 'integer', (col) => col.notNull())
    .addColumn('definition_version', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addUniqueConstraint('step_counts_key', ['day', 'tier', 'step', 'definition_version'])
    .execute();
}
