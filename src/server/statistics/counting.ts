/**
 * The anonymous counters (welcome visits, steps reached): the plan a visitor's query names, and
 * one counter that sums the counts of a turn of the event loop per key, so a burst of visitors
 * becomes one relaxed upsert per (day, plan, …) instead of one per visitor.
 */
import type { Kysely } from 'kysely';
import { toAsciiDigits } from '../../shared/text/normalize.js';
import { coalesce } from '../db/coalesce.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { Database } from '../db/tables.js';
import type { Definition } from '../definition/definition.js';
import { planOrDefault } from '../definition/plans.js';

/** Longer than any plan id: not worth reading. */
const MAX_PLAN_TEXT = 16;

/**
 * The plan a query names (Persian digits allowed) among the plans of `live`, the version served
 * now; a missing or unknown one is its default plan.
 */
export function planOf(raw: unknown, live: Definition): number {
  const asked = typeof raw === 'string' && raw.length <= MAX_PLAN_TEXT ? Number(toAsciiDigits(raw)) : Number.NaN;
  return planOrDefault(live, asked);
}

/**
 * A counter: `count(item)` resolves once the item is counted. Items of one turn with the same
 * `keyOf` are summed and written with one `add(db, item, sum)` through the relaxed group commit.
 */
export function summingCounter<T>(
  writes: GroupCommit,
  keyOf: (item: T) => string,
  add: (db: Kysely<Database>, item: T, count: number) => Promise<void>,
): (item: T) => Promise<void> {
  return coalesce(async (items: T[]) => {
    const sums = new Map<string, { item: T; count: number }>();
    for (const item of items) {
      const key = keyOf(item);
      const sum = sums.get(key) ?? { item, count: 0 };
      sum.count += 1;
      sums.set(key, sum);
    }
    await writes.submit(async (db) => {
      for (const { item, count } of sums.values()) await add(db, item, count);
    });
  });
}
