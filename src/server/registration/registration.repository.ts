import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { NewRegistration, RegistrationRow } from './registration.table.js';

/** Inserts a registration; undefined when its tracking code is taken (the caller draws another). */
export async function insertRegistration(db: Kysely<Database>, row: NewRegistration): Promise<number | undefined> {
  const inserted = await db
    .insertInto('registrations')
    .values(row)
    .onConflict((oc) => oc.column('tracking_code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** One page of registrations in id order, for the export (keyset paging keeps memory flat). */
export async function listRegistrations(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<RegistrationRow[]> {
  return db.selectFrom('registrations').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function findByTrackingCode(
  db: Kysely<Database>,
  trackingCode: string,
): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('tracking_code', '=', trackingCode).executeTakeFirst();
}

export async function countRegistrations(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
