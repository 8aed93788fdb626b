import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables.js';
import type { IdempotencyKeyTable } from './idempotency.table.js';

export type IdempotencyRow = Selectable<IdempotencyKeyTable>;

/**
 * Claims a key; false when it exists already. On PostgreSQL a claim racing an open transaction that
 * inserted the same key waits for that transaction, so the loser then reads the winner's answer.
 */
export async function claimKey(db: Kysely<Database>, row: IdempotencyRow): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function readKey(db: Kysely<Database>, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function storeResponse(db: Kysely<Database>, key: string, response: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response }).where('key', '=', key).execute();
}

export async function releaseKey(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
}

export async function deleteOldIdempotencyKeys(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
