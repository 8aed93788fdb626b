import type { Kysely } from 'kysely';
import type { DefinitionProblem } from '../../shared/contracts/definition.schemas.js';
import type { DefinitionTexts } from '../../shared/definition/definition-files.js';
import type { Database } from '../db/tables.js';

export interface DraftRow {
  revision: number;
  texts: DefinitionTexts;
  baseVersion: string;
  /** As found when it was saved; undefined when it was never checked. */
  problems: DefinitionProblem[] | undefined;
}

export async function readDraft(db: Kysely<Database>): Promise<DraftRow | undefined> {
  const row = await db
    .selectFrom('definition_draft')
    .select(['revision', 'texts', 'base_version', 'problems'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    revision: row.revision,
    texts: JSON.parse(row.texts) as DefinitionTexts,
    baseVersion: row.base_version,
    problems: row.problems === null ? undefined : (JSON.parse(row.problems) as DefinitionProblem[]),
  };
}

/** The draft's revision alone (undefined when there is no draft). */
export async function readRevision(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db.selectFrom('definition_draft').select('revision').where('id', '=', 1).executeTakeFirst();
  return row?.revision;
}

/** The first draft, a copy of the first live version; nothing when one exists. */
export async function insertFirstDraft(
  db: Kysely<Database>,
  texts: DefinitionTexts,
  baseVersion: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('definition_draft')
    .values({
      id: 1,
      revision: 1,
      texts: JSON.stringify(texts),
      base_version: baseVersion,
      saved_at: now,
      saved_by: null,
      problems: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Compare-and-set: saves only if the draft is still at `revision` (one UPDATE, so of two saves
 * read at the same revision exactly one wins); answers the new revision, or undefined when stale.
 */
export async function saveDraft(
  db: Kysely<Database>,
  save: {
    revision: number;
    texts: DefinitionTexts;
    problems: DefinitionProblem[];
    now: number;
    actorId: number | null;
  },
): Promise<number | undefined> {
  const row = await db
    .updateTable('definition_draft')
    .set((eb) => ({
      texts: JSON.stringify(save.texts),
      problems: JSON.stringify(save.problems),
      revision: eb('revision', '+', 1),
      saved_at: save.now,
      saved_by: save.actorId,
    }))
    .where('id', '=', 1)
    .where('revision', '=', save.revision)
    .returning('revision')
    .executeTakeFirst();
  return row?.revision;
}

/** The problems of a draft read before it was ever checked, kept unless it was saved since. */
export async function recordProblems(
  db: Kysely<Database>,
  revision: number,
  problems: DefinitionProblem[],
): Promise<void> {
  await db
    .updateTable('definition_draft')
    .set({ problems: JSON.stringify(problems) })
    .where('id', '=', 1)
    .where('revision', '=', revision)
    .execute();
}

/** After a publish the draft is based on the version it became (its files unchanged). */
export async function rebaseDraft(db: Kysely<Database>, baseVersion: string): Promise<void> {
  await db.updateTable('definition_draft').set({ base_version: baseVersion }).where('id', '=', 1).execute();
}
