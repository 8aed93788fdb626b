import type { Kysely, Selectable } from 'kysely';
import { chunks } from '../db/coalesce.js';
import type { Database } from '../db/tables.js';
import type { CaptchaTable } from './captcha.table.js';

export type CaptchaRow = Selectable<CaptchaTable>;

export async function insertCaptcha(db: Kysely<Database>, row: CaptchaRow): Promise<void> {
  await insertCaptchas(db, [row]);
}

export async function insertCaptchas(db: Kysely<Database>, rows: CaptchaRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('captchas').values(chunk).execute();
}

/**
 * Marks the captcha spent and returns it, in one statement: of two requests racing with the same
 * id exactly one gets the row, whether its answer is right or wrong.
 */
export async function spendCaptcha(db: Kysely<Database>, id: string, now: number): Promise<CaptchaRow | undefined> {
  return db
    .updateTable('captchas')
    .set({ spent_at: now })
    .where('id', '=', id)
    .where('spent_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', before).execute();
}
