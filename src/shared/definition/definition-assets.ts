/**
 * What the browser fetches for one version of the definition: its files and its
 * validators module, both immutable (a version's id is the hash of its files), and the same two
 * for the staff preview of the draft, opened by a preview token. Paths only; the server's routes
 * and the wizard share them; the answers' shapes are in contracts/definition.schemas.ts.
 */

/** A version id as the server makes it (a content hash): safe in a URL path as it is. */
export const VERSION_PATTERN = '^[0-9a-f]{6,64}$';

export const definitionAssetPaths = {
  /** GET { version, files } of a stored version (public, cached for a year). */
  definition: (version: string) => `/api/definition/${version}/definition.json`,
  /** GET the validators module of a stored version (an ES module; public, cached for a year). */
  validators: (version: string) => `/api/definition/${version}/validators.js`,
  /**
   * GET `?revision=N`: a preview token for the draft at that revision (editors and admins). The
   * preview runs in a sandboxed frame without the staff cookie; the token, in the frame's address,
   * is what lets it read the two below, for a few minutes.
   */
  previewToken: '/api/staff/definition/draft/preview-token',
  /** GET { version, files } of the draft, at `?token=` (a preview token; no cookie). */
  draftDefinition: '/api/definition/preview/definition.json',
  /** GET the draft's validators module, at `?token=` (a preview token; no cookie). */
  draftValidators: '/api/definition/preview/validators.js',
} as const;
