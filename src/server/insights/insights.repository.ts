import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { dayInTehran, nextDay } from '../../shared/text/tehran-day.js';
import type { InsightCountTable } from './insights.table.js';

export type Count = InsightCountTable;

const PLACE = ['definition_version', 'measure', 'step', 'field', 'rule'] as const;
const COUNT_KEY = ['definition_version', 'day', 'measure', 'step', 'field', 'rule'] as const;
const MONTH_KEY = ['definition_version', 'month', 'measure', 'step', 'field', 'rule'] as const;

type MonthCount = Omit<Count, 'day'> & { month: string };

function summedBy<T extends { n: number }>(counts: readonly T[], key: ReadonlyArray<keyof T>): T[] {
  const sums = new Map<string, T>();
  for (const count of counts) {
    const name = key.map((column) => count[column]).join('\u0000');
    const found = sums.get(name);
    if (found) found.n += count.n;
    else sums.set(name, { ...count });
  }
  return [...sums.values()];
}

/** Sums counts with the same key, so one statement never names a key twice (PostgreSQL refuses that). */
export function summed(counts: readonly Count[]): Count[] {
  return summedBy(counts, COUNT_KEY);
}

/**
 * Adds every count to its day and to its month, one statement per table: each key is created on
 * its first use, else added to. Every caller writes in a transaction (the group commit), so the
 * month is never added to without its day.
 */
export async function addCounts(db: Kysely<Database>, counts: readonly Count[]): Promise<void> {
  const days = summed(counts);
  if (days.length === 0) return;
  await db
    .insertInto('insight_counts')
    .values(days)
    .onConflict((oc) => oc.columns([...COUNT_KEY]).doUpdateSet({ n: sql<number>`insight_counts.n + excluded.n` }))
    .execute();
  const months = summedBy<MonthCount>(
    days.map(({ day, ...count }) => ({ ...count, month: day.slice(0, 7) })),
    MONTH_KEY,
  );
  await db
    .insertInto('insight_months')
    .values(months)
    .onConflict((oc) => oc.columns([...MONTH_KEY]).doUpdateSet({ n: sql<number>`insight_months.n + excluded.n` }))
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

type Period = Pick<CountFilter, 'from' | 'to'>;

/** The month after a month (YYYY-MM), or `step` months on. */
const monthAfter = (month: string, step = 1): string => {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 1 + step, 1)).toISOString().slice(0, 7);
};
const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * A period as the whole months inside it (read from the monthly counters) and the days at either
 * edge outside them (read from the daily ones). An open end is open on the months too.
 */
export function splitPeriod(period: Period): { months: Period | null; days: Period[] } {
  const { from, to } = period;
  const fromMonth = from?.slice(0, 7);
  const toMonth = to?.slice(0, 7);
  const firstMonth = from === undefined || from.endsWith('-01') ? fromMonth : monthAfter(fromMonth!);
  const lastMonth = to === undefined || nextDay(to).endsWith('-01') ? toMonth : monthAfter(toMonth!, -1);
  if (firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth) {
    return { months: null, days: [{ from, to }] };
  }
  const days: Period[] = [];
  if (firstMonth !== fromMonth) days.push({ from, to: dayBefore(`${firstMonth}-01`) });
  if (lastMonth !== toMonth) days.push({ from: `${monthAfter(lastMonth!)}-01`, to });
  return { months: { from: firstMonth, to: lastMonth }, days };
}

/** The counts of these versions in the period, summed over the days (in SQL, over months and edge days). */
export async function readCounts(db: Kysely<Database>, filter: CountFilter): Promise<SummedCount[]> {
  if (filter.versions.length === 0) return [];
  const versions = [...filter.versions];
  const { months, days } = splitPeriod(filter);
  const parts = days.map((range) => {
    let query = db
      .selectFrom('insight_counts')
      .select([...PLACE, 'n'])
      .where('definition_version', 'in', versions);
    if (range.from !== undefined) query = query.where('day', '>=', range.from);
    if (range.to !== undefined) query = query.where('day', '<=', range.to);
    return query;
  });
  if (months) {
    let query = db
      .selectFrom('insight_months')
      .select([...PLACE, 'n'])
      .where('definition_version', 'in', versions);
    if (months.from !== undefined) query = query.where('month', '>=', months.from);
    if (months.to !== undefined) query = query.where('month', '<=', months.to);
    parts.push(query as unknown as (typeof parts)[number]);
  }
  const counted = parts.reduce((all, part) => all.unionAll(part));
  const rows = await db
    .selectFrom(counted.as('counted'))
    .select([...PLACE, sql<number>`sum(n)`.as('n')])
    .groupBy([...PLACE])
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** Refused batches in the period, by reason (counted under the version ''). */
export async function readRefusals(
  db: Kysely<Database>,
  period: Period,
): Promise<Array<{ reason: string; n: number }>> {
  const rows = await readCounts(db, { versions: [''], ...period });
  return rows.filter((row) => row.measure === 'batch_refused').map((row) => ({ reason: row.rule, n: row.n }));
}

/**
 * The versions that have counts: a walk from one version to the next along the monthly counters'
 * key (a seek per version), not a scan of every counter.
 */
export async function countedVersions(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ version: string }>`
    with recursive counted(version) as (
      select min(definition_version) from insight_months where definition_version > ''
      union all
      select (select min(definition_version) from insight_months where definition_version > counted.version)
      from counted where counted.version is not null
    )
    select version from counted where version is not null
  `.execute(db);
  return rows.map((row) => row.version);
}
