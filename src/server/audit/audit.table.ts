import type { Generated } from 'kysely';
import type { AuditAction } from '../../shared/staff-contract.js';
export { AUDIT_ACTIONS, type AuditAction } from '../../shared/staff-contract.js';

/** Append-only: rows are inserted, never updated or deleted. */
export interface AuditEventTable {
  id: Generated<number>;
  at: number;
  actor_id: number | null;
  action: AuditAction;
  registration_id: number | null;
  /** JSON text: the new status and reason, the assignment, the note, the export's format and filters. */
  detail: string | null;
}

export interface RegistrationNoteTable {
  id: Generated<number>;
  registration_id: number;
  author_id: number;
  body: string;
  created_at: number;
}

declare module '../db/tables.js' {
  interface Database {
    audit_events: AuditEventTable;
    registration_notes: RegistrationNoteTable;
  }
}
