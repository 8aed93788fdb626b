import type { Kysely } from 'kysely';
import type { Tier } from '../../shared/contracts/wizard-api.schemas.js';
import type { JsonSchema, LoadedWizard } from '../../shared/definition/wizard-definition.js';
import type { Database } from '../db/tables.js';
import type { Definition } from './definition.js';
import type { DefinitionRegistry } from './definition.registry.js';

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

async function findDefinitionSchema(db: Kysely<Database>, version: string): Promise<JsonSchema | undefined> {
  const row = await db
    .selectFrom('definition_versions')
    .select('registration_schema')
    .where('version', '=', version)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.registration_schema) as JsonSchema);
}

/** A definition as a stored registration is read against. */
export interface VersionedDefinition {
  version: string;
  wizard: LoadedWizard;
  registrationSchema: JsonSchema;
  tiers: readonly Tier[];
}

/**
 * The definition of version `version`, the one place that answers it: the whole stored version
 * (its steps, widgets, titles and plans). A version recorded before versions were stored whole
 * (migration 013) has its registration schema only: it is read with the live version's steps and
 * its own schema (titles and options of what it asked).
 */
export async function definitionOfVersion(
  db: Kysely<Database>,
  version: string,
  definitions: Pick<DefinitionRegistry, 'byVersion' | 'live'>,
): Promise<VersionedDefinition> {
  const whole = await definitions.byVersion(version);
  if (whole) return versioned(whole);
  const live = definitions.live();
  const stored = await findDefinitionSchema(db, version);
  return { ...versioned(live), version, registrationSchema: stored ?? live.registrationSchema };
}

function versioned(definition: Definition): VersionedDefinition {
  return {
    version: definition.version,
    wizard: definition.wizard,
    registrationSchema: definition.registrationSchema,
    tiers: definition.registerConfig.tiers,
  };
}
