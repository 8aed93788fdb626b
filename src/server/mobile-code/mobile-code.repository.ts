import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

export interface NewCode {
  session: string;
  mobileNumber: string;
  codeHash: string;
  now: number;
  expiresAt: number;
}

/** A new code for the number in this pre-session replaces any earlier one, its tries and its verification. */
export async function storeCode(db: Kysely<Database>, code: NewCode): Promise<void> {
  const values = {
    code_hash: code.codeHash,
    sent_at: code.now,
    expires_at: code.expiresAt,
    tries: 0,
    verified_at: null,
  };
  await db
    .insertInto('mobile_codes')
    .values({ session: code.session, mobile_number: code.mobileNumber, ...values })
    .onConflict((oc) => oc.columns(['session', 'mobile_number']).doUpdateSet(values))
    .execute();
}

/**
 * Spends one try of the number's live code and returns its hash, or undefined when there is no
 * code left to try (none sent, expired, tries used up, already verified). The database counts the
 * try before the code is compared, so guesses sent in parallel cannot get more than `maxTries`.
 */
export async function spendTry(
  db: Kysely<Database>,
  session: string,
  mobileNumber: string,
  now: number,
  maxTries: number,
): Promise<{ codeHash: string; tries: number } | undefined> {
  const row = await db
    .updateTable('mobile_codes')
    .set({ tries: sql<number>`tries + 1` })
    .where('session', '=', session)
    .where('mobile_number', '=', mobileNumber)
    .where('verified_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .returning(['code_hash', 'tries'])
    .executeTakeFirst();
  return row && { codeHash: row.code_hash, tries: row.tries };
}

export async function markVerified(
  db: Kysely<Database>,
  session: string,
  mobileNumber: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('mobile_codes')
    .set({ verified_at: now })
    .where('session', '=', session)
    .where('mobile_number', '=', mobileNumber)
    .where('verified_at', 'is', null)
    .execute();
}

/** When the number was verified in this pre-session (after `since`), if it was. */
export async function verifiedAt(
  db: Kysely<Database>,
  session: string,
  mobileNumber: string,
  since: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('mobile_codes')
    .select('verified_at')
    .where('session', '=', session)
    .where('mobile_number', '=', mobileNumber)
    .where('verified_at', '>=', since)
    .executeTakeFirst();
  return row?.verified_at ?? undefined;
}

/**
 * Spends a proof of work by its challenge's nonce: true for the first request that carries it,
 * false for every other, also when they arrive at once (the primary key decides, not a read).
 */
export async function spendProof(db: Kysely<Database>, nonce: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('code_proofs')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredProofs(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('code_proofs').where('expires_at', '<', before).execute();
}

export async function deleteOldMobileCodes(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('mobile_codes').where('sent_at', '<', before).execute();
}
