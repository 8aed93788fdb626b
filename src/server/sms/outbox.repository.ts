import type { Kysely, Selectable } from 'kysely';
import { claimDueRows } from '../outbox/lease.repository.js';
import type { Database } from '../db/tables.js';
import type { SmsKind, SmsOutboxTable, SmsStatus } from './sms.table.js';

export type OutboxRow = Selectable<SmsOutboxTable>;

export interface NewSms {
  kind: SmsKind;
  receptor: string;
  message?: string;
  token?: string;
  registrationId?: number;
}

/** Queues a message, due at once. Called inside the transaction that makes it owed. */
export async function enqueueSms(db: Kysely<Database>, sms: NewSms, now: number): Promise<number> {
  const row = await db
    .insertInto('sms_outbox')
    .values({
      kind: sms.kind,
      receptor: sms.receptor,
      message: sms.message ?? null,
      token: sms.token ?? null,
      registration_id: sms.registrationId ?? null,
      status: 'waiting',
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Claims up to `limit` due messages for one worker (outbox/lease.repository.ts says how). */
export function claimDue(
  db: Kysely<Database>,
  claim: { claim: string; now: number; leaseUntil: number; limit: number },
): Promise<OutboxRow[]> {
  return claimDueRows<OutboxRow>(db, { table: 'sms_outbox', ...claim });
}

/** Settles a claimed row; false when the claim is no longer this worker's (its lease was taken over). */
async function settle(
  db: Kysely<Database>,
  id: number,
  claim: string,
  values: Partial<Pick<OutboxRow, 'status' | 'sent_at' | 'provider_id' | 'last_error' | 'next_attempt_at' | 'token'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('sms_outbox')
    .set({ ...values, claim: null, claimed_until: null })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A code has done its job once a provider took it: it leaves the database. The log provider
 * delivers into the outbox itself (the row stands in for the phone), so there it stays until
 * forgetOldCodes takes it, two minutes after it was issued.
 */
export function markSent(
  db: Kysely<Database>,
  id: number,
  claim: string,
  now: number,
  delivery: { providerId?: string; keepToken: boolean },
) {
  return settle(db, id, claim, {
    status: 'sent',
    sent_at: now,
    provider_id: delivery.providerId ?? null,
    ...(delivery.keepToken ? {} : { token: null }),
  });
}

export function markRetry(db: Kysely<Database>, id: number, claim: string, nextAttemptAt: number, reason: string) {
  return settle(db, id, claim, { status: 'waiting', next_attempt_at: nextAttemptAt, last_error: reason });
}

export function markFailed(db: Kysely<Database>, id: number, claim: string, reason: string) {
  return settle(db, id, claim, { status: 'failed', last_error: reason, token: null });
}

/** Codes that can no longer be used leave the outbox, whatever became of their message. */
export async function forgetOldCodes(db: Kysely<Database>, before: number): Promise<void> {
  await db
    .updateTable('sms_outbox')
    .set({ token: null })
    .where('kind', '=', 'code')
    .where('created_at', '<', before)
    .where('token', 'is not', null)
    .execute();
}

export interface OutboxListRow extends OutboxRow {
  tracking_code: string | null;
}

/** The latest messages for the console, newest first, optionally of one status. */
export function listOutbox(
  db: Kysely<Database>,
  options: { status?: SmsStatus; limit: number },
): Promise<OutboxListRow[]> {
  let query = db
    .selectFrom('sms_outbox')
    .leftJoin('registrations', 'registrations.id', 'sms_outbox.registration_id')
    .selectAll('sms_outbox')
    .select('registrations.tracking_code');
  if (options.status) query = query.where('sms_outbox.status', '=', options.status);
  return query.orderBy('sms_outbox.id', 'desc').limit(options.limit).execute();
}

export async function countOutbox(db: Kysely<Database>): Promise<Record<SmsStatus, number>> {
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<SmsStatus, number> = { waiting: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
