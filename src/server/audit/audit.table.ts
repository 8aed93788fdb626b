import type { Generated } from 'kysely';
import type { AuditAction } from '../../shared/contracts/staff.js';
export type { AuditAction } from '../../shared/contracts/staff.js';

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

declare module '../db/tables.js' {
  interface Database {
    audit_events: AuditEventTable;
  }
}
