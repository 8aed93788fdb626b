import type { Kysely } from 'kysely';

/**
 * The draft keeps the problems its check found when it was saved, so reading it never compiles an
 * editor's schemas again: a server restarted beside a draft that is costly to check serves the
 * editor at once. Drafts saved before this have none (null) and are checked on their first read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('definition_draft').addColumn('problems', 'text').execute();
}
