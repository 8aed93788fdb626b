import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { dayInTehran } from '../../shared/tehran-day.js';
import type { InsightCountTable } from './insights.table.js';

export type Count = InsightCountTable;

const COUNT_KEY = ['definition_version', 'day', 'measure', 'step', 'field', 'rule'] as const;

/** Sums counts with the same key, so one statement never names a key twice (PostgreSQL refuses that). */
export function summed(counts: readonly Count[]): Count[] {
  const sums = new Map<string, Count>();
  for (const count of counts) {
    const key = COUNT_KEY.map((column) => count[column]).join('\u0000');
    const found = sums.get(key);
    if (found) found.n += count.n;
    else sums.set(key, { ...count });
  }
  return [...sums.values()];
}

/** Adds every count in one statement: each key is created on its first use, else added to. */
export async function addCounts(db: Kysely<Database>, counts: readonly Count[]): Promise<void> {
  const rows = summed(counts);
  if (rows.length === 0) return;
  await db
    .insertInto('insight_counts')
    .values(rows)
    .onConflict((oc) => oc.columns([...COUNT_KEY]).doUpdateSet({ n: sql<number>`insight_counts.n + excluded.n` }))
    .execute();
}

export interface VisitNote {
  id: string;
  version: string;
  step: string | null;
  field: string | null;
  at: number;
  finished: boolean;
  events: number;
}

/**
 * Notes a batch on its visit: made on the first batch, else moved on, in one statement whose
 * condition is the visit's allowance and version, so parallel batches of one visit can never pass
 * the allowance between them. False when refused (too many events, or another version).
 */
export async function noteVisit(db: Kysely<Database>, visit: VisitNote, maxEvents: number): Promise<boolean> {
  const row = await db
    .insertInto('insight_visits')
    .values({
      id: visit.id,
      definition_version: visit.version,
      last_step: visit.step,
      last_field: visit.field,
      last_seen: visit.at,
      finished: visit.finished ? 1 : 0,
      events: visit.events,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          events: sql<number>`insight_visits.events + excluded.events`,
          last_seen: sql<number>`excluded.last_seen`,
          last_step: sql<string>`coalesce(excluded.last_step, insight_visits.last_step)`,
          last_field: sql<string>`case when excluded.last_step is null then insight_visits.last_field else excluded.last_field end`,
          finished: sql<number>`case when excluded.finished = 1 then 1 else insight_visits.finished end`,
        })
        .where(sql<boolean>`insight_visits.events + excluded.events <= ${maxEvents}`)
        .where(sql<boolean>`insight_visits.definition_version = excluded.definition_version`),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** At most this many visits are swept per statement; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Deletes the visits idle since before `cutoff` and counts each unfinished one as abandoned at its
 * last step and field, on the Tehran day it was last seen. The delete names what it removed, so of
 * two processes sweeping at once each visit is counted by one. Returns how many were abandoned.
 */
export async function sweepIdleVisits(db: Kysely<Database>, cutoff: number): Promise<number> {
  const idle = db.selectFrom('insight_visits').select('id').where('last_seen', '<', cutoff).limit(SWEEP_BATCH);
  const removed = await db
    .deleteFrom('insight_visits')
    .where('id', 'in', idle)
    .where('last_seen', '<', cutoff)
    .returning(['definition_version', 'last_step', 'last_field', 'last_seen', 'finished'])
    .execute();
  const abandoned = removed.filter((visit) => Number(visit.finished) === 0);
  await addCounts(
    db,
    abandoned.map((visit) => ({
      day: dayInTehran(Number(visit.last_seen)),
      definition_version: visit.definition_version,
      measure: 'abandoned',
      step: visit.last_step ?? '',
      field: visit.last_field ?? '',
      rule: '',
      n: 1,
    })),
  );
  return abandoned.length;
}

export interface CountFilter {
  versions: readonly string[];
  /** First Tehran day, inclusive (YYYY-MM-DD). */
  from?: string;
  /** Last Tehran day, inclusive. */
  to?: string;
}

export type SummedCount = Omit<Count, 'day'>;

/** The counts of these versions in the period, summed over the days. */
export async function readCounts(db: Kysely<Database>, filter: CountFilter): Promise<SummedCount[]> {
  if (filter.versions.length === 0) return [];
  let query = db
    .selectFrom('insight_counts')
    .select(['definition_version', 'measure', 'step', 'field', 'rule', sql<number>`sum(n)`.as('n')])
    .where('definition_version', 'in', [...filter.versions])
    .groupBy(['definition_version', 'measure', 'step', 'field', 'rule']);
  if (filter.from !== undefined) query = query.where('day', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('day', '<=', filter.to);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** Refused batches in the period, by reason. */
export async function readRefusals(
  db: Kysely<Database>,
  filter: Omit<CountFilter, 'versions'>,
): Promise<Array<{ reason: string; n: number }>> {
  let query = db
    .selectFrom('insight_counts')
    .select(['rule as reason', sql<number>`sum(n)`.as('n')])
    .where('measure', '=', 'batch_refused')
    .groupBy('rule');
  if (filter.from !== undefined) query = query.where('day', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('day', '<=', filter.to);
  const rows = await query.execute();
  return rows.map((row) => ({ reason: row.reason, n: Number(row.n) }));
}

/** The versions that have counts. */
export async function countedVersions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('insight_counts')
    .select('definition_version')
    .distinct()
    .where('definition_version', '<>', '')
    .execute();
  return rows.map((row) => row.definition_version);
}
