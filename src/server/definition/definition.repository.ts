import type { Kysely } from 'kysely';
import type { DefinitionTexts } from '../../shared/definition/definition-files.js';
import type { Database } from '../db/tables.js';
import type { PublicationAction } from './definition.table.js';

export interface LivePointer {
  version: string;
  serial: number;
}

/** The cheap row every process polls: which version is live, and how many switches so far. */
export async function readLive(db: Kysely<Database>): Promise<LivePointer | undefined> {
  return db.selectFrom('definition_live').select(['version', 'serial']).where('id', '=', 1).executeTakeFirst();
}

/** The first live version; false when another process made one first. */
export async function insertFirstLive(db: Kysely<Database>, version: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('definition_live')
    .values({ id: 1, version, serial: 1, changed_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('serial')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Compare-and-set: moves the live pointer only if nobody moved it since `from` was read. */
export async function switchLive(
  db: Kysely<Database>,
  from: LivePointer,
  version: string,
  now: number,
): Promise<boolean> {
  const switched = await db
    .updateTable('definition_live')
    .set({ version, serial: from.serial + 1, changed_at: now })
    .where('id', '=', 1)
    .where('serial', '=', from.serial)
    .returning('serial')
    .executeTakeFirst();
  return switched !== undefined;
}

/** Stores a version (immutable: the same id always holds the same files); a row of 007 without files gets them. */
export async function insertVersion(
  db: Kysely<Database>,
  row: { version: string; texts: DefinitionTexts; registrationSchema: unknown; now: number },
): Promise<void> {
  await db
    .insertInto('definition_versions')
    .values({
      version: row.version,
      texts: JSON.stringify(row.texts),
      registration_schema: JSON.stringify(row.registrationSchema),
      first_served_at: row.now,
    })
    .onConflict((oc) =>
      oc
        .column('version')
        .doUpdateSet((eb) => ({ texts: eb.ref('excluded.texts') }))
        .where('definition_versions.texts', 'is', null),
    )
    .execute();
}

export async function readVersionTexts(db: Kysely<Database>, version: string): Promise<DefinitionTexts | undefined> {
  const row = await db
    .selectFrom('definition_versions')
    .select('texts')
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.texts == null ? undefined : (JSON.parse(row.texts) as DefinitionTexts);
}

export interface PublicationRow {
  id: number;
  version: string;
  action: PublicationAction;
  at: number;
  note: string | null;
  actor: string | null;
  previous_version: string | null;
}

/** Every import, publish and rollback, oldest first, with the e-mail of who did it. */
export async function listPublications(db: Kysely<Database>): Promise<PublicationRow[]> {
  return db
    .selectFrom('definition_publications')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'definition_publications.actor_id')
    .select([
      'definition_publications.id',
      'definition_publications.version',
      'definition_publications.action',
      'definition_publications.at',
      'definition_publications.note',
      'definition_publications.previous_version',
      'staff_accounts.email as actor',
    ])
    .orderBy('definition_publications.id')
    .execute();
}

export async function insertPublication(
  db: Kysely<Database>,
  row: {
    version: string;
    action: PublicationAction;
    at: number;
    actorId: number | null;
    note: string | null;
    previousVersion: string | null;
  },
): Promise<void> {
  await db
    .insertInto('definition_publications')
    .values({
      version: row.version,
      action: row.action,
      at: row.at,
      actor_id: row.actorId,
      note: row.note,
      previous_version: row.previousVersion,
    })
    .execute();
}
