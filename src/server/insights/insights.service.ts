/**
 * Taking a visit's batch of events: checked against the version's own steps, fields and rules,
 * noted on the visit row (its allowance checked in the same statement) and added to the day's
 * counters, all in one relaxed transaction. A refused batch leaves only a count of its refusal.
 */
import type { GroupCommit } from '../db/group-commit.js';
import type { Definition } from '../definition/definition.js';
import { MAX_VISIT_EVENTS, type InsightEvent, type RefusalReason } from '../../shared/contracts/insights.js';
import type { InsightBatch } from '../../shared/contracts/insights.schemas.js';
import { timeBucketOf } from '../../shared/insights/stats.js';
import { dayInTehran } from '../../shared/text/tehran-day.js';
import { catalogueOf, type Catalogue } from './catalogue.js';
import { addCounts, noteVisit, type Count } from './insights.repository.js';

export type IngestOutcome = 'accepted' | RefusalReason;

export interface IngestDeps {
  writes: GroupCommit;
  /** The version's definition while the server accepts registrations against it. */
  accepted: (version: string) => Definition | undefined;
  clock: () => number;
}

function knownPlace(catalogue: Catalogue, step: string, field?: string, rule?: string): boolean {
  const entry = catalogue.get(step);
  if (!entry) return false;
  if (field === undefined) return true;
  const fieldEntry = entry.fields.get(field);
  if (!fieldEntry) return false;
  return rule === undefined || fieldEntry.rules.has(rule);
}

/** The names each type of event carries (the route's schema has one flat shape for all). */
const NAMES_OF: Record<InsightEvent['type'], ReadonlyArray<'step' | 'field' | 'rule'>> = {
  shown: ['step'],
  completed: ['step'],
  touched: ['step', 'field'],
  invalid: ['step', 'field', 'rule'],
  corrected: ['step', 'field'],
  refused: ['step', 'field'],
  registered: [],
};

function eventIsKnown(catalogue: Catalogue, event: InsightEvent): boolean {
  const names = NAMES_OF[event.type];
  const given = event as Partial<Record<'step' | 'field' | 'rule' | 'ms', unknown>>;
  const carried = (['step', 'field', 'rule'] as const).filter((key) => given[key] !== undefined);
  if (carried.length !== names.length || names.some((key) => typeof given[key] !== 'string')) return false;
  if ((event.type === 'completed') !== (given.ms !== undefined)) return false;
  if (names.length === 0) return true;
  return knownPlace(
    catalogue,
    given.step as string,
    given.field as string | undefined,
    given.rule as string | undefined,
  );
}

/** Whether every name of the batch is one of its version's. */
export function namesAreKnown(catalogue: Catalogue, batch: InsightBatch): boolean {
  if (batch.at && !knownPlace(catalogue, batch.at.step, batch.at.field)) return false;
  return batch.events.every((event) => eventIsKnown(catalogue, event));
}

const MEASURE_OF: Record<InsightEvent['type'], string> = {
  shown: 'reached',
  completed: 'completed',
  touched: 'touched',
  invalid: 'invalid',
  corrected: 'corrected',
  refused: 'server_refused',
  registered: 'registered',
};

/** The counters a batch adds to: one per event, and a time bucket per completed step. */
export function countsOf(batch: InsightBatch, day: string): Count[] {
  const base = { day, definition_version: batch.version, step: '', field: '', rule: '', n: 1 };
  const counts: Count[] = [];
  for (const event of batch.events) {
    const count: Count = { ...base, measure: MEASURE_OF[event.type] };
    if ('step' in event) count.step = event.step;
    if ('field' in event) count.field = event.field;
    if (event.type === 'invalid') count.rule = event.rule;
    counts.push(count);
    if (event.type === 'completed') counts.push({ ...count, measure: 'time', rule: timeBucketOf(event.ms) });
  }
  return counts;
}

function refusalCount(reason: RefusalReason, day: string): Count {
  return { day, definition_version: '', measure: 'batch_refused', step: '', field: '', rule: reason, n: 1 };
}

async function refuse(deps: IngestDeps, reason: RefusalReason): Promise<IngestOutcome> {
  const day = dayInTehran(deps.clock());
  await deps.writes.submit((db) => addCounts(db, [refusalCount(reason, day)]));
  return reason;
}

/** Takes one batch: 'accepted', or why it was refused (counted as such, nothing of it kept). */
export async function ingest(deps: IngestDeps, batch: InsightBatch, hasSession: boolean): Promise<IngestOutcome> {
  if (!hasSession) return refuse(deps, 'no_session');
  const definition = deps.accepted(batch.version);
  if (!definition) return refuse(deps, 'unknown_version');
  if (!namesAreKnown(catalogueOf(definition.wizard), batch)) return refuse(deps, 'unknown_name');
  const now = deps.clock();
  const day = dayInTehran(now);
  return deps.writes.submit(async (db) => {
    const noted = await noteVisit(
      db,
      {
        id: batch.visit,
        version: batch.version,
        step: batch.at?.step ?? null,
        field: batch.at?.field ?? null,
        at: now,
        finished: batch.events.some((event) => event.type === 'registered'),
        events: batch.events.length,
      },
      MAX_VISIT_EVENTS,
    );
    if (!noted) {
      await addCounts(db, [refusalCount('too_many', day)]);
      return 'too_many' as const;
    }
    await addCounts(db, countsOf(batch, day));
    return 'accepted' as const;
  });
}
