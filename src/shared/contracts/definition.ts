/**
 * The HTTP contract of the wizard's definition as product data: versions, the draft,
 * the checker's problems, publish and rollback. The paths and the header; the shapes are in
 * definition.schemas.ts.
 */

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

/** What a change between two versions is about, as the diff before a publish words it. */
export type ChangeSubject = 'step' | 'field' | 'option' | 'message' | 'rule' | 'display' | 'plan' | 'text' | 'file';
