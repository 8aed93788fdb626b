import type { Kysely } from 'kysely';

/**
 * The form's behaviour: short-lived visit rows (swept once idle) and counters per Tehran day,
 * version, measure, step, field and rule. The counters' primary key is what each upsert adds to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_visits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('definition_version', 'text', (col) => col.notNull())
    .addColumn('last_step', 'text')
    .addColumn('last_field', 'text')
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('finished', 'integer', (col) => col.notNull())
    .addColumn('events', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('insight_visits_last_seen').on('insight_visits').column('last_seen').execute();
  await db.schema
    .createTable('insight_counts')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('definition_version', 'text', (col) => col.notNull())
    .addColumn('measure', 'text', (col) => col.notNull())
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('rule', 'text', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('insight_counts_key', ['definition_version', 'day', 'measure', 'step', 'field', 'rule'])
    .execute();
}
