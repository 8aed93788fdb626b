import type { Generated } from 'kysely';

export interface DefinitionVersionTable {
  version: string;
  /** The registration schema with every $ref inlined, as JSON text. */
  registration_schema: string;
  first_served_at: number;
  /** JSON text: path -> the file's text; null for a version recorded before migration 013 (schema only). */
  texts: string | null;
}

/** The one live version (row id 1); `serial` grows by one at each switch, which every process polls. */
export interface DefinitionLiveTable {
  id: number;
  version: string;
  serial: number;
  changed_at: number;
}

export const PUBLICATION_ACTIONS = ['import', 'publish', 'rollback'] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

/** Append-only: every time a version became live, by whom and why. */
export interface DefinitionPublicationTable {
  id: Generated<number>;
  version: string;
  action: PublicationAction;
  at: number;
  actor_id: number | null;
  note: string | null;
  previous_version: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    definition_versions: DefinitionVersionTable;
    definition_live: DefinitionLiveTable;
    definition_publications: DefinitionPublicationTable;
  }
}
