import type { Kysely } from 'kysely';

/**
 * The metrics read how many messages each outbox still owes and since when, at every scrape: an
 * index on (status, created_at) holds all that statement reads, so it walks the owed rows' index
 * entries only, however many delivered rows the outbox keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sms_outbox_owed_age').on('sms_outbox').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('webhook_messages_owed_age')
    .on('webhook_messages')
    .columns(['status', 'created_at'])
    .execute();
}
