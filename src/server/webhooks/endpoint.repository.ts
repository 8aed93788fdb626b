import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import type { DisabledReason, WebhookEndpointTable } from './webhook.table.js';

export type EndpointRow = Selectable<WebhookEndpointTable>;

/**
 * Adds an endpoint unless there are `max` already; undefined then. Inserts of two processes at
 * once take turns: SQLite has one writer, and on PostgreSQL the table lock (which plain reads and
 * the worker's updates do not wait for) holds the second until the first commits, so the count
 * it reads is current and the bound holds whatever the number of admins clicking at once.
 */
export async function insertEndpointWithin(
  db: Kysely<Database>,
  dialect: Dialect,
  endpoint: Omit<EndpointRow, 'id' | 'previous_secret' | 'previous_secret_until' | 'disabled_reason' | 'failing_since'>,
  max: number,
): Promise<number | undefined> {
  if (dialect === 'postgres') await sql`lock table webhook_endpoints in share row exclusive mode`.execute(db);
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= max) return undefined;
  const row = await db.insertInto('webhook_endpoints').values(endpoint).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findEndpoint(db: Kysely<Database>, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEndpoints(db: Kysely<Database>): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function updateEndpoint(
  db: Kysely<Database>,
  id: number,
  values: Updateable<WebhookEndpointTable>,
): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A rotation, only if the secret is still the one it replaces (another rotation did not come first). */
export async function replaceSecret(
  db: Kysely<Database>,
  id: number,
  replaced: string,
  values: Pick<Updateable<WebhookEndpointTable>, 'secret' | 'previous_secret' | 'previous_secret_until'>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(values)
    .where('id', '=', id)
    .where('secret', '=', replaced)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEndpoint(db: Kysely<Database>, id: number): Promise<boolean> {
  // The log and the outbox go with it (on delete cascade).
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A delivered attempt: the endpoint is no longer failing. */
export async function markEndpointHealthy(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** A failed attempt: failing since now, unless it already was. */
export async function markEndpointFailing(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
}

/** Disables an enabled endpoint; false when it already was (another process got there first). */
export async function disableEndpoint(db: Kysely<Database>, id: number, reason: DisabledReason): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
