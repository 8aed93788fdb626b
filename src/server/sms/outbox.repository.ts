import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
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

/** Rows a worker may take: due and waiting, or claimed by a worker whose lease ran out (it died). */
const waitingDue = (now: number) => sql<boolean>`(status = 'waiting' and next_attempt_at <= ${now})`;
const leaseOver = (now: number) => sql<boolean>`(status = 'sending' and claimed_until <= ${now})`;

/**
 * Claims up to `limit` due messages for one worker: the rows become `sending` under the worker's
 * claim id until `leaseUntil`. Rows whose lease ran out come first, then waiting rows in the order
 * they fell due. Each kind is its own statement on purpose: one `or` of the two made the database
 * gather and sort every waiting row on each claim (2.4 ms at 20,000 waiting, on the registrations'
 * path), while `status = 'waiting' … order by next_attempt_at limit n` walks the index and stops
 * after n. The condition is repeated outside the sub-select so that, on PostgreSQL, a worker that
 * waited on a row another one was claiming re-reads it and skips it (read committed re-checks the
 * outer condition); SQLite runs one writer at a time. Several processes therefore never hold the
 * same message.
 */
export async function claimDue(
  db: Kysely<Database>,
  claim: string,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<OutboxRow[]> {
  const taken = await claimWhere(db, leaseOver(now), claim, leaseUntil, limit);
  if (taken.length >= limit) return taken;
  return [...taken, ...(await claimWhere(db, waitingDue(now), claim, leaseUntil, limit - taken.length))];
}

function claimWhere(
  db: Kysely<Database>,
  claimable: RawBuilder<boolean>,
  claim: string,
  leaseUntil: number,
  limit: number,
): Promise<OutboxRow[]> {
  return db
    .updateTable('sms_outbox')
    .set({
      status: 'sending',
      claim,
      claimed_until: leaseUntil,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) =>
      eb.selectFrom('sms_outbox').select('id').where(claimable).orderBy('next_attempt_at').orderBy('id').limit(limit),
    )
    .where(claimable)
    .returningAll()
    .execute();
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
