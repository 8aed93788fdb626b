import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * What the status page may read of a registration with this tracking code AND mobile number. Both
 * are matched in the one statement, so a wrong number and an unknown code both come back empty
 * from the same plan: nothing in the application's path tells them apart.
 */
export function findForStatus(db: Kysely<Database>, trackingCode: string, mobileNumber: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'tracking_code', 'pharmacy_name', 'status', 'created_at'])
    .where('tracking_code', '=', trackingCode)
    .where('mobile_number', '=', mobileNumber)
    .executeTakeFirst();
}

/** The registration's latest status change in the audit log: when, and its detail (JSON text). */
export function latestStatusChange(db: Kysely<Database>, registrationId: number) {
  return db
    .selectFrom('audit_events')
    .select(['at', 'detail'])
    .where('registration_id', '=', registrationId)
    .where('action', '=', 'status')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
