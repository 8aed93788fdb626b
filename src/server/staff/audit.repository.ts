import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AuditAction } from './audit.table.js';

export interface AuditEntry {
  at: number;
  actorId: number | null;
  action: AuditAction;
  registrationId?: number;
  detail?: unknown;
}

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      at: entry.at,
      actor_id: entry.actorId,
      action: entry.action,
      registration_id: entry.registrationId ?? null,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
    })
    .execute();
}

/** Audit events with the e-mail of the staff member who acted (none for a removed account). */
function auditEvents(db: Kysely<Database>) {
  return db
    .selectFrom('audit_events')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'audit_events.actor_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.registration_id',
      'audit_events.detail',
      'staff_accounts.email as actor',
    ]);
}

export function auditOf(db: Kysely<Database>, registrationId: number) {
  return auditEvents(db)
    .where('audit_events.registration_id', '=', registrationId)
    .orderBy('audit_events.id')
    .execute();
}

export function recentAudit(db: Kysely<Database>, limit: number) {
  return auditEvents(db).orderBy('audit_events.id', 'desc').limit(limit).execute();
}
