/** The one draft (row id 1); a save succeeds only against the revision it was read at. */
export interface DefinitionDraftTable {
  id: number;
  revision: number;
  /** JSON text: path relative to schemas/ -> the file's text as typed. */
  texts: string;
  base_version: string;
  saved_at: number;
  saved_by: number | null;
  /** JSON text: the checker's problems at the save; null until the draft is first checked. */
  problems: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    definition_draft: DefinitionDraftTable;
  }
}
