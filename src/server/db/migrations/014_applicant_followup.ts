import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The applicant's follow-up: the SMS outbox (the queue the worker sends from, and what
 * admins read) and the one-time codes that verify a mobile number. The status page's locks count
 * in the throttle table (005, renamed by 018), whose atomic counting they reuse under keys of their own.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('sms_outbox')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('receptor', 'text', (col) => col.notNull())
      // A notice's text; a code message has none (the provider's template words it).
      .addColumn('message', 'text')
      // A code message's code, kept only until it is sent or can no longer be used.
      .addColumn('token', 'text')
      .addColumn('registration_id', 'integer', (col) => col.references('registrations.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('claim', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('provider_id', 'text')
      .execute();
    await db.schema.createIndex('sms_outbox_due').on('sms_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema
      .createTable('mobile_codes')
      .addColumn('session', 'text', (col) => col.notNull())
      .addColumn('mobile_number', 'text', (col) => col.notNull())
      // HMAC of the code under the server's secret: a copy of this table gives no code away.
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('tries', 'integer', (col) => col.notNull())
      .addColumn('verified_at', 'bigint')
      .addPrimaryKeyConstraint('mobile_codes_key', ['session', 'mobile_number'])
      .execute();
  };
}
