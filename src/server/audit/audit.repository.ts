import type { Kysely } from 'kysely';
import type { AuditDetail, AuditEvent } from '../../shared/contracts/staff.schemas.js';
import type { Database } from '../db/tables.js';
import type { AuditAction } from './audit.table.js';

export interface AuditEntry {
  at: number;
  actorId: number | null;
  action: AuditAction;
  registrationId?: number;
  detail?: AuditDetail;
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

/** Audit events with the e-mail of the colleague who acted (none for a removed account) and the case's code. */
function auditEvents(db: Kysely<Database>) {
  return db
    .selectFrom('audit_events')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'audit_events.actor_id')
    .leftJoin('registrations', 'registrations.id', 'audit_events.registration_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.detail',
      'staff_accounts.email as actor',
      'registrations.id as registration_id',
      'registrations.tracking_code',
    ]);
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditEvents>['execute']>>[number];

function asEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    action: row.action,
    actor: row.actor,
    registration:
      row.registration_id === null || row.tracking_code === null
        ? null
        : { id: row.registration_id, trackingCode: row.tracking_code },
    detail: row.detail === null ? null : (JSON.parse(row.detail) as AuditDetail),
  };
}

export async function auditOf(db: Kysely<Database>, registrationId: number): Promise<AuditEvent[]> {
  const rows = await auditEvents(db)
    .where('audit_events.registration_id', '=', registrationId)
    .orderBy('audit_events.id')
    .execute();
  return rows.map(asEvent);
}

export async function recentAudit(db: Kysely<Database>, limit: number): Promise<AuditEvent[]> {
  const rows = await auditEvents(db).orderBy('audit_events.id', 'desc').limit(limit).execute();
  return rows.map(asEvent);
}
