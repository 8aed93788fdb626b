import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables.js';
import type { StaffAccountTable, StaffRole } from './staff.table.js';

export type StaffAccount = Selectable<StaffAccountTable>;

export async function insertStaffAccount(
  db: Kysely<Database>,
  email: string,
  role: StaffRole,
  passwordHash: string,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('staff_accounts')
    .values({ email, role, password_hash: passwordHash, disabled: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findStaffByEmail(db: Kysely<Database>, email: string): Promise<StaffAccount | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findStaffById(db: Kysely<Database>, id: number): Promise<StaffAccount | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listStaff(db: Kysely<Database>): Promise<StaffAccount[]> {
  return db.selectFrom('staff_accounts').selectAll().orderBy('email').execute();
}

/** Returns whether an account had that e-mail. */
export async function setStaffPassword(db: Kysely<Database>, email: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_accounts')
    .set({ password_hash: passwordHash })
    .where('email', '=', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function disableStaff(db: Kysely<Database>, email: string): Promise<number | undefined> {
  const account = await db
    .updateTable('staff_accounts')
    .set({ disabled: 1 })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst();
  return account?.id;
}

export async function insertStaffSession(
  db: Kysely<Database>,
  idHash: string,
  accountId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ id_hash: idHash, account_id: accountId, created_at: now, last_seen_at: now })
    .execute();
}

export function findStaffSession(db: Kysely<Database>, idHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.account_id')
    .select([
      'staff_sessions.id_hash',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_accounts.id as account_id',
      'staff_accounts.email',
      'staff_accounts.role',
      'staff_accounts.disabled',
    ])
    .where('staff_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchStaffSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function deleteStaffSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOf(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('account_id', '=', accountId).execute();
}

/** Sessions past their idle or absolute limit; resolveSession refuses them already, this drops the rows. */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  idleBefore: number,
  createdBefore: number,
): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();
}
