import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { OutboxName } from './metrics.js';

/** Statuses of a message still owed: waiting for its turn, or claimed by a worker sending it. */
const OWED = ['waiting', 'sending'] as const;

export interface OutboxDepth {
  waiting: number;
  /** Epoch milliseconds of the oldest owed message; undefined when none is owed. */
  oldestCreatedAt?: number;
}

export type DisabledBy = 'gone' | 'failing' | 'by_admin';

export interface EndpointFigures {
  disabled: Record<DisabledBy, number>;
  /** Epoch milliseconds when the enabled endpoint failing longest began failing; undefined when none fails. */
  failingSince?: number;
}

/** Everything the database holds for a scrape, read at one instant by one statement. */
export interface DatabaseFigures {
  outboxes: Record<OutboxName, OutboxDepth>;
  endpoints: EndpointFigures;
  /** What each throttle key asked about has counted (0 when it has no row): an hourly budget's spending. */
  counted: (key: string) => number;
}

const OUTBOX_TABLES = { sms: 'sms_outbox', webhook: 'webhook_messages' } as const;

/** One row of the statement: which figure, its label (outbox, reason or throttle key), a count and an instant. */
interface FigureRow {
  figure: string;
  label: string | null;
  count: number | string;
  at: number | string | null;
}

const figure = (name: string) => sql<string>`${sql.lit(name)}`.as('figure');
const noInstant = sql<number | string | null>`null`.as('at');

/**
 * The scrape's figures in one statement (UNION ALL of small aggregates), so a scrape costs one
 * round trip and one pooled connection, however many figures there are. Each outbox's part walks
 * the owed rows' entries of its (status, created_at) index only, never the delivered ones; the
 * endpoints are a handful of rows; the budgets are primary-key reads.
 */
export async function readDatabaseFigures(db: Kysely<Database>, budgetKeys: string[]): Promise<DatabaseFigures> {
  const owed = (outbox: OutboxName) =>
    db
      .selectFrom(OUTBOX_TABLES[outbox])
      .select((eb) => [
        figure('owed'),
        sql<string | null>`${sql.lit(outbox)}`.as('label'),
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.min<number | string | null>('created_at').as('at'),
      ])
      .where('status', 'in', OWED);
  const disabled = db
    .selectFrom('webhook_endpoints')
    .select((eb) => [
      figure('disabled'),
      'disabled_reason as label',
      eb.fn.countAll<number | string>().as('count'),
      noInstant,
    ])
    .where('enabled', '=', 0)
    .groupBy('disabled_reason');
  const failing = db
    .selectFrom('webhook_endpoints')
    .select((eb) => [
      figure('failing'),
      sql<string | null>`null`.as('label'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min<number | string | null>('failing_since').as('at'),
    ])
    .where('enabled', '=', 1);
  const spent = db
    .selectFrom('throttle')
    .select([figure('spent'), 'key as label', 'failures as count', noInstant])
    .where('key', 'in', budgetKeys.length > 0 ? budgetKeys : ['']);
  const rows: FigureRow[] = await owed('sms')
    .unionAll(owed('webhook'))
    .unionAll(disabled)
    .unionAll(failing)
    .unionAll(spent)
    .execute();
  return figuresOf(rows);
}

function figuresOf(rows: FigureRow[]): DatabaseFigures {
  const outboxes: Record<OutboxName, OutboxDepth> = { sms: { waiting: 0 }, webhook: { waiting: 0 } };
  const endpoints: EndpointFigures = { disabled: { gone: 0, failing: 0, by_admin: 0 } };
  const spent = new Map<string, number>();
  for (const row of rows) {
    const at = row.at === null ? undefined : Number(row.at);
    if (row.figure === 'owed') outboxes[row.label as OutboxName] = { waiting: Number(row.count), oldestCreatedAt: at };
    else if (row.figure === 'disabled')
      endpoints.disabled[(row.label as DisabledBy | null) ?? 'by_admin'] += Number(row.count);
    else if (row.figure === 'failing') endpoints.failingSince = at;
    else if (row.label !== null) spent.set(row.label, Number(row.count));
  }
  return { outboxes, endpoints, counted: (key) => spent.get(key) ?? 0 };
}
