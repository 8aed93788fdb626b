import { sql, type Kysely } from 'kysely';

/**
 * The form's behaviour summed by month beside the daily counters, so the console's read adds a
 * dozen rows per counter over a year rather than 365. Filled from the daily counters already kept;
 * from here on both are added to in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_months')
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('definition_version', 'text', (col) => col.notNull())
    .addColumn('measure', 'text', (col) => col.notNull())
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('rule', 'text', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('insight_months_key', ['definition_version', 'month', 'measure', 'step', 'field', 'rule'])
    .execute();
  await sql`
    insert into insight_months (month, definition_version, measure, step, field, rule, n)
    select substr(day, 1, 7), definition_version, measure, step, field, rule, sum(n)
    from insight_counts
    group by substr(day, 1, 7), definition_version, measure, step, field, rule
  `.execute(db);
}
