import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Who handles a case and since when it waits, beside the registration rather than in it (the
 * registration's own columns are what the manager sent, and the export's): one row per case that
 * has ever been assigned or moved; no row means nobody handles it and it waits since it was made.
 * Cases moved before this migration wait since their last status change in the audit log.
 */
export function up(dialect: Dialect) {
  const isoOfMillis =
    dialect === 'postgres'
      ? sql`to_char(to_timestamp(max(at) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', max(at) / 1000.0, 'unixepoch')`;
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('case_handling')
      .addColumn('registration_id', 'integer', (col) => col.primaryKey().references('registrations.id'))
      .addColumn('assignee_id', 'integer', (col) => col.references('staff_accounts.id'))
      .addColumn('status_changed_at', 'text')
      .execute();
    await db.schema.createIndex('case_handling_assignee_id').on('case_handling').column('assignee_id').execute();
    // Every list page counts the open cases nobody handles. PostgreSQL read the table for it
    // (100,000 registrations, 50,000 open: 137 ms on a busy machine); an index of the open ones
    // alone answers it (21 ms). The query writes the same condition out (case.repository.ts) so
    // the planner sees it is implied. SQLite already counts from its (status, created_at) index.
    if (dialect === 'postgres')
      await sql`create index registrations_open on registrations (id) where status in ('new', 'contacted')`.execute(db);
    await sql`insert into case_handling (registration_id, assignee_id, status_changed_at)
      select registration_id, null, ${isoOfMillis} from audit_events
      where action = 'status' and registration_id is not null group by registration_id`.execute(db);
  };
}
