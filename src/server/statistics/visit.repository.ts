import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { VisitCountTable } from './statistics.table.js';

/** Adds `count` visits to a (day, tier) counter, creating it on the first visit. */
export async function addVisits(db: Kysely<Database>, day: string, tier: number, count: number): Promise<void> {
  await db
    .insertInto('visit_counts')
    .values({ day, tier, count })
    .onConflict((oc) => oc.columns(['day', 'tier']).doUpdateSet({ count: sql<number>`visit_counts.count + ${count}` }))
    .execute();
}

export async function listVisits(db: Kysely<Database>): Promise<VisitCountTable[]> {
  return db.selectFrom('visit_counts').selectAll().orderBy('day').orderBy('tier').execute();
}
