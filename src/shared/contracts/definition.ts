/**
 * The HTTP contract of the wizard's definition as product data: versions, the draft,
 * the checker's problems, publish and rollback. Types and paths only; the server's route schemas
 * mirror these.
 */
import type { DefinitionFiles, DefinitionTexts } from '../definition/definition-files.js';

export const definitionStaffPaths = {
  /** GET: every version, newest first, and the draft. */
  versions: '/api/staff/definition/versions',
  /** GET the draft; PUT { revision, files } saves it (compare-and-set on revision). */
  draft: '/api/staff/definition/draft',
  /** GET: the draft against the live version, in words and as JSON. */
  diff: '/api/staff/definition/diff',
  /** POST { note }: the draft becomes the live version. */
  publish: '/api/staff/definition/publish',
  /** POST { version, note }: an earlier version becomes live again. */
  rollback: '/api/staff/definition/rollback',
} as const;

/**
 * The header the wizard sends with a registration: the version it was filled in. Without it the
 * live version is meant. A version no longer accepted is refused with `definition_outdated`.
 */
export const DEFINITION_VERSION_HEADER = 'X-Definition-Version';

export type VersionState = 'live' | 'draft' | 'past';

export interface DefinitionVersionSummary {
  version: string;
  state: VersionState;
  /** Milliseconds since the epoch; null for the draft. */
  publishedAt: number | null;
  /** E-mail of who published it; null for the draft and for the version imported at first start. */
  publishedBy: string | null;
  note: string | null;
}

/** One thing the checker (npm run schemas:check) finds wrong, in its own words. */
export interface DefinitionProblem {
  /** Relative to schemas/, e.g. "steps/manager.schema.json". */
  file: string;
  /** 1-based line in the file's text, when the pointer can be found there. */
  line: number | null;
  /** JSON pointer inside the file ('' = the whole file). */
  pointer: string;
  /** What is wrong and how to fix it, as schemas:check prints it. */
  message: string;
  level: 'error' | 'warning';
  /** Stable token for the kind of problem, e.g. "ui-unknown-key". */
  code: string;
}

export interface DraftAnswer {
  revision: number;
  files: DefinitionFiles;
  /** Each file's text as it was saved: the lines problems refer to. */
  texts: DefinitionTexts;
  /** The version the draft was started from. */
  baseVersion: string;
  problems: DefinitionProblem[];
}

export interface DraftSave {
  revision: number;
  files: DefinitionFiles;
  /** Optional: each file's text as typed (must parse to the same value as in files). */
  texts?: DefinitionTexts;
}

export interface DraftSaved {
  revision: number;
  problems: DefinitionProblem[];
}

export interface PublishRequest {
  note: string;
}

export interface RollbackRequest {
  version: string;
  note: string;
}

export interface PublishAnswer {
  version: string;
}
