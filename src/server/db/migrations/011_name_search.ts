import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Searching the staff list by part of a pharmacy's name (`LIKE '%…%'`) read the whole table: at
 * 100,000 registrations a few hundred milliseconds. A trigram index answers it instead, through one
 * relation both dialects call `registration_name_search (rowid, pharmacy_name)`, so the repository
 * asks the same question of either:
 * - SQLite: an FTS5 table with the trigram tokenizer over `registrations.pharmacy_name` (external
 *   content, kept in step by triggers), whose LIKE uses the index;
 * - PostgreSQL: a view over `registrations`, whose LIKE uses a pg_trgm GIN index on the column.
 *   pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (a database owner may create
 *   it). Extensions are per database, not per schema: it goes to `public` so that an app living in
 *   another schema (one per test file, or an operator's choice) finds it whoever created it first.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    if (dialect === 'postgres') {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index registrations_name_trigrams on registrations using gin (pharmacy_name public.gin_trgm_ops)`.execute(
        db,
      );
      await sql`create view registration_name_search as select id as rowid, pharmacy_name from registrations`.execute(
        db,
      );
      return;
    }
    await sql`create virtual table registration_name_search using fts5(pharmacy_name, content='registrations', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into registration_name_search(registration_name_search) values ('rebuild')`.execute(db);
    await sql`create trigger registration_name_search_insert after insert on registrations begin
      insert into registration_name_search(rowid, pharmacy_name) values (new.id, new.pharmacy_name);
    end`.execute(db);
    await sql`create trigger registration_name_search_delete after delete on registrations begin
      insert into registration_name_search(registration_name_search, rowid, pharmacy_name) values ('delete', old.id, old.pharmacy_name);
    end`.execute(db);
    await sql`create trigger registration_name_search_update after update of pharmacy_name on registrations begin
      insert into registration_name_search(registration_name_search, rowid, pharmacy_name) values ('delete', old.id, old.pharmacy_name);
      insert into registration_name_search(rowid, pharmacy_name) values (new.id, new.pharmacy_name);
    end`.execute(db);
  };
}
