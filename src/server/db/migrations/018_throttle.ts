import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The sign-in throttle table (005) also counts the status page's lookups and the SMS
 * codes, so it takes the name of what it is. Its rows stay: a lock earned before the upgrade still
 * holds after it. SQLite renames the primary key's automatic index with the table; PostgreSQL
 * keeps the constraint's old name unless told.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('sign_in_throttle').renameTo('throttle').execute();
    if (dialect === 'postgres')
      await sql`alter table throttle rename constraint sign_in_throttle_pkey to throttle_pkey`.execute(db);
  };
}
