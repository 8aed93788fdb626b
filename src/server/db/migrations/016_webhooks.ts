import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Signed webhooks: the endpoints (secrets and custom header values encrypted), the
 * outbox of events per endpoint that the delivery worker claims under a lease, and the delivery
 * log of every attempt.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('events', 'text', (col) => col.notNull())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_until', 'bigint')
      .addColumn('headers', 'text')
      .addColumn('header_names', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('failing_since', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('webhook_messages')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('endpoint_id', 'integer', (col) =>
        col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('webhook_id', 'text', (col) => col.notNull())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('claim', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_messages_due')
      .on('webhook_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('message_id', 'integer', (col) => col.notNull().references('webhook_messages.id').onDelete('cascade'))
      .addColumn('endpoint_id', 'integer', (col) =>
        col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (col) => col.notNull())
      .addColumn('status', 'integer')
      .addColumn('delivered', 'integer', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('answer', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_attempts_endpoint')
      .on('webhook_attempts')
      .columns(['endpoint_id', 'id'])
      .execute();
  };
}
