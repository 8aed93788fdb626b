import { sql, type Kysely } from 'kysely';
import type { FunnelRow } from '../../shared/contracts/staff.schemas.js';
import type { Database } from '../db/tables.js';
import { dayInTehran, nextDay, tehranDayStart } from '../../shared/text/tehran-day.js';

export interface StepReach {
  day: string;
  tier: number;
  step: number;
  definitionVersion: string;
}

/** Adds `count` visitors to a (day, plan, step, version) counter, creating it on the first one. */
export async function addStepReach(db: Kysely<Database>, reach: StepReach, count: number): Promise<void> {
  await db
    .insertInto('step_counts')
    .values({ day: reach.day, tier: reach.tier, step: reach.step, definition_version: reach.definitionVersion, count })
    .onConflict((oc) =>
      oc
        .columns(['day', 'tier', 'step', 'definition_version'])
        .doUpdateSet({ count: sql<number>`step_counts.count + ${count}` }),
    )
    .execute();
}

export interface FunnelFilter {
  /** First Tehran day, inclusive (YYYY-MM-DD). */
  from?: string;
  /** Last Tehran day, inclusive (YYYY-MM-DD). */
  to?: string;
  definitionVersion?: string;
}

type FunnelCounts = Omit<FunnelRow, 'conversion'>;

/**
 * Per Tehran day and plan: welcome visits, step reach and registrations, newest day first. Visits
 * are counted before the wizard (and its definition) loads, so a version filter narrows steps and
 * registrations only.
 */
export async function readFunnel(db: Kysely<Database>, filter: FunnelFilter = {}): Promise<FunnelCounts[]> {
  const { from, to, definitionVersion } = filter;
  let visits = db.selectFrom('visit_counts').select(['day', 'tier', 'count']);
  let steps = db
    .selectFrom('step_counts')
    .select(['day', 'tier', 'step', sql<number>`sum(count)`.as('count')])
    .groupBy(['day', 'tier', 'step']);
  // Registrations keep a UTC instant: summed per UTC minute here, then placed on their Tehran day,
  // because Tehran's half-hour offset does not fall on an hour boundary.
  const minute = sql<string>`substr(created_at, 1, 16)`;
  let registrations = db
    .selectFrom('registrations')
    .select([minute.as('minute'), 'tier', sql<number>`count(*)`.as('count')])
    .groupBy([minute, 'tier']);
  if (from !== undefined) {
    visits = visits.where('day', '>=', from);
    steps = steps.where('day', '>=', from);
    registrations = registrations.where('created_at', '>=', tehranDayStart(from));
  }
  if (to !== undefined) {
    visits = visits.where('day', '<=', to);
    steps = steps.where('day', '<=', to);
    registrations = registrations.where('created_at', '<', tehranDayStart(nextDay(to)));
  }
  if (definitionVersion !== undefined) {
    steps = steps.where('definition_version', '=', definitionVersion);
    registrations = registrations.where('definition_version', '=', definitionVersion);
  }
  const [visitRows, stepRows, registrationRows] = await Promise.all([
    visits.execute(),
    steps.execute(),
    registrations.execute(),
  ]);

  const rows = new Map<string, FunnelCounts>();
  const row = (day: string, tier: number): FunnelCounts => {
    const key = `${day}|${tier}`;
    const found = rows.get(key) ?? { day, tier, visits: 0, steps: {}, registrations: 0 };
    rows.set(key, found);
    return found;
  };
  for (const visit of visitRows) row(visit.day, Number(visit.tier)).visits += Number(visit.count);
  for (const step of stepRows) row(step.day, Number(step.tier)).steps[String(step.step)] = Number(step.count);
  for (const registration of registrationRows) {
    const day = dayInTehran(new Date(`${registration.minute}:00Z`));
    row(day, Number(registration.tier)).registrations += Number(registration.count);
  }
  return [...rows.values()].sort((a, b) => (a.day === b.day ? a.tier - b.tier : a.day < b.day ? 1 : -1));
}

/** Definition versions that have step counts or registrations, newest name last. */
export async function funnelVersions(db: Kysely<Database>): Promise<string[]> {
  const [steps, registrations] = await Promise.all([
    db.selectFrom('step_counts').select('definition_version').distinct().execute(),
    db.selectFrom('registrations').select('definition_version').distinct().execute(),
  ]);
  return [...new Set([...steps, ...registrations].map((row) => row.definition_version))].sort();
}
