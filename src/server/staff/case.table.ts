import type { Generated } from 'kysely';

/**
 * Who handles a case and when its status last changed (migration 012). A case without a row is
 * handled by nobody and waits since it was made.
 */
export interface CaseHandlingTable {
  registration_id: number;
  assignee_id: number | null;
  /** ISO instant of the last status change; null while the status is the one it was made with. */
  status_changed_at: string | null;
}

/** A colleague's note on a case (migration 006). */
export interface RegistrationNoteTable {
  id: Generated<number>;
  registration_id: number;
  author_id: number;
  body: string;
  created_at: number;
}

declare module '../db/tables.js' {
  interface Database {
    case_handling: CaseHandlingTable;
    registration_notes: RegistrationNoteTable;
  }
}
