import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

export interface DefinitionVersionTable {
  version: string;
  /** The registration schema with every $ref inlined, as JSON text. */
  registration_schema: string;
  first_served_at: number;
}

/** Records a version the first time a server serves it; later starts leave it as it was. */
export async function keepDefinitionVersion(
  db: Kysely<Database>,
  version: string,
  registrationSchema: unknown,
  now: number,
): Promise<void> {
  await db
    .insertInto('definition_versions')
    .values({ version, registration_schema: JSON.stringify(registrationSchema), first_served_at: now })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}

export async function findDefinitionSchema(db: Kysely<Database>, version: string): Promise<unknown> {
  const row = await db
    .selectFrom('definition_versions')
    .select('registration_schema')
    .where('version', '=', version)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.registration_schema) as unknown);
}
