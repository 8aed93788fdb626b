import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { OutboxName } from './metrics.js';

/** Statuses of a message still owed: waiting for its turn, or claimed by a worker sending it. */
const OWED = ['waiting', 'sending'] as const;

export interface OutboxDepth {
  waiting: number;
  /** Epoch milliseconds of the oldest owed message; undefined when none is owed. */
  oldestCreatedAt?: number;
}

const OUTBOX_TABLES = { sms: 'sms_outbox', webhook: 'webhook_messages' } as const;

/**
 * How many messages an outbox still owes and since when: one statement over the (status,
 * created_at) index, which holds everything it reads, so it walks the owed rows' index entries
 * only (a few thousand a millisecond), never the delivered ones.
 */
export async function outboxDepth(db: Kysely<Database>, outbox: OutboxName): Promise<OutboxDepth> {
  const row = await db
    .selectFrom(OUTBOX_TABLES[outbox])
    .select((eb) => [eb.fn.countAll<number | string>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', OWED)
    .executeTakeFirst();
  const oldest = row?.oldest;
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestCreatedAt: oldest === null || oldest === undefined ? undefined : Number(oldest),
  };
}

export type DisabledBy = 'gone' | 'failing' | 'by_admin';

export interface EndpointFigures {
  disabled: Record<DisabledBy, number>;
  /** Epoch milliseconds when the enabled endpoint failing longest began failing; undefined when none fails. */
  failingSince?: number;
}

/** The endpoints' health, from their own rows: a handful of them, read whole. */
export async function endpointFigures(db: Kysely<Database>): Promise<EndpointFigures> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => [
      'enabled',
      'disabled_reason',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min('failing_since').as('failing_since'),
    ])
    .groupBy(['enabled', 'disabled_reason'])
    .execute();
  const figures: EndpointFigures = { disabled: { gone: 0, failing: 0, by_admin: 0 } };
  for (const row of rows) {
    if (row.enabled === 1) {
      if (row.failing_since !== null) figures.failingSince = Number(row.failing_since);
      continue;
    }
    figures.disabled[row.disabled_reason ?? 'by_admin'] += Number(row.count);
  }
  return figures;
}

/** What a throttle key has counted (0 when it has no row): an hourly budget's spending. */
export async function counted(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db.selectFrom('throttle').select('failures').where('key', '=', key).executeTakeFirst();
  return Number(row?.failures ?? 0);
}
