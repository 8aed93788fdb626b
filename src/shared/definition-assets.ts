/**
 * What the browser fetches for one version of the definition (issue 19): its files and its
 * validators module, both immutable (a version's id is the hash of its files), and the same two
 * for the staff preview of the draft. Paths only; the server's routes and the wizard share them.
 */
import type { DefinitionFiles } from './definition-files.js';

/** A version id as the server makes it (a content hash): safe in a URL path as it is. */
export const VERSION_PATTERN = '^[0-9a-f]{6,64}$';

export const definitionAssetPaths = {
  /** GET { version, files } of a stored version (public, cached for a year). */
  definition: (version: string) => `/api/definition/${version}/definition.json`,
  /** GET the validators module of a stored version (an ES module; public, cached for a year). */
  validators: (version: string) => `/api/definition/${version}/validators.js`,
  /** GET { version, files } of the draft at `?revision=N` (editors and admins). */
  draftDefinition: '/api/staff/definition/draft/definition.json',
  /** GET the draft's validators module at `?revision=N` (editors and admins). */
  draftValidators: '/api/staff/definition/draft/validators.js',
} as const;

/** The answer of the definition routes. */
export interface DefinitionDocument {
  version: string;
  files: DefinitionFiles;
}
