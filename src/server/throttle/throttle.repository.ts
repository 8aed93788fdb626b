import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/tables.js';
import { lockoutEarned } from './lockouts.js';
import type { ThrottleTable } from './throttle.table.js';

export function findThrottle(db: Kysely<Database>, keys: string[]): Promise<Array<Selectable<ThrottleTable>>> {
  return db.selectFrom('throttle').selectAll().where('key', 'in', keys).execute();
}

/** How long a key waits after its n-th attempt in a row (0 when it may try again at once). */
export type WaitAfter = (attempts: number) => number;

export interface ThrottleRule {
  /** Attempts in a row that earn the lock, waitAfter(limit). */
  limit: number;
  waitAfter: WaitAfter;
}

/** An allowance of one window of the clock (an hour, a day): the key it is counted under and its rule. */
export interface WindowAllowance {
  key: string;
  rule: ThrottleRule;
  /** When the window ends, from `now`: the Retry-After of a refusal. */
  endsInMs: number;
}

/**
 * `limit` attempts per fixed window of the clock, shared by every process: one counter per window
 * (`name:window`), locked at `limit` until the window is over. Counted by reserveAttempt, so
 * attempts sent at once each count and no more than `limit` pass.
 */
export function windowAllowance(name: string, limit: number, windowMs: number, now: number): WindowAllowance {
  const window = Math.floor(now / windowMs);
  const endsInMs = (window + 1) * windowMs - now;
  return {
    key: `${name}:${window}`,
    rule: { limit, waitAfter: (attempts) => (attempts >= limit ? endsInMs : 0) },
    endsInMs,
  };
}

/**
 * Counts one attempt on a key and starts the wait it earns, in one statement, unless the key is
 * still waiting: then nothing changes and undefined comes back. The database does the increment,
 * so attempts sent in parallel each count, and none of them passes a wait that another has set.
 * An attempt that earns no wait (an address's free ones) leaves `locked_until` at 0, "not
 * waiting", rather than at its own clock: parallel requests read their clocks before the database
 * serialises them, and one that read an earlier millisecond took `now` for a wait and was refused.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  key: string,
  now: number,
  rule: ThrottleRule,
): Promise<number | undefined> {
  const row = await db
    .insertInto('throttle')
    .values({ key, failures: 1, last_failure_at: now, locked_until: waitEnd(now, rule.waitAfter(1)) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`${failures} + 1`,
          last_failure_at: now,
          locked_until: sql<number>`case when ${waitOfNext(rule)} = 0 then 0 else ${bigint(now)} + ${waitOfNext(rule)} end`,
        })
        .where('throttle.locked_until', '<=', now),
    )
    .returning('failures')
    .executeTakeFirst();
  // The attempt that reaches the limit earns the lock, as does each one after a lock ran out.
  if (row !== undefined && row.failures >= rule.limit && rule.waitAfter(rule.limit) > 0) lockoutEarned(key);
  return row?.failures;
}

/**
 * Counts an attempt refused while its key was waiting: it is a guess all the same. A delay only
 * grows (to the lock once the count reaches it) and is never cut short; a lock keeps its end.
 * Returns when the wait ends.
 */
export async function countRefusedAttempt(
  db: Kysely<Database>,
  key: string,
  now: number,
  rule: ThrottleRule,
): Promise<number | undefined> {
  const until = sql<number>`${bigint(now)} + ${waitOfNext(rule)}`;
  const row = await db
    .updateTable('throttle')
    .set({
      failures: sql<number>`${failures} + 1`,
      last_failure_at: now,
      // A lock already earned keeps its end: knocking on it does not make it last longer.
      locked_until: sql<number>`case when ${failures} < ${sql.lit(rule.limit)} and ${until} > ${lockedUntil} then ${until} else ${lockedUntil} end`,
    })
    .where('key', '=', key)
    .returning(['locked_until', 'failures'])
    .executeTakeFirst();
  // The knock that takes the count to the limit turns a delay into the lock.
  if (row !== undefined && Number(row.failures) === rule.limit) lockoutEarned(key);
  return row === undefined ? undefined : Number(row.locked_until);
}

const failures = sql.ref<number>('throttle.failures');
const lockedUntil = sql.ref<number>('throttle.locked_until');
const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;
/** 0 stands for "not waiting" (see reserveAttempt). */
const waitEnd = (now: number, waitMs: number): number => (waitMs > 0 ? now + waitMs : 0);

/**
 * The wait earned by the attempt that takes the count from `failures` to `failures + 1`, as SQL.
 * The rule's figures are our own constants, written into the statement as literals.
 */
function waitOfNext(rule: ThrottleRule) {
  const steps = [];
  for (let attempt = 1; attempt < rule.limit; attempt += 1) {
    const ms = rule.waitAfter(attempt);
    if (ms > 0) steps.push(sql`when ${failures} + 1 = ${sql.lit(attempt)} then ${sql.lit(ms)}`);
  }
  const lock = sql`when ${failures} + 1 >= ${sql.lit(rule.limit)} then ${sql.lit(rule.waitAfter(rule.limit))}`;
  return sql<number>`(case ${lock} ${sql.join(steps, sql` `)} else 0 end)`;
}

/**
 * Starts a key's wait again from when a wrong password was answered, so a check that took long (a
 * busy server hashing) does not eat into the wait. Only ever lengthens the wait, so it is safe
 * whatever else happened to the key meanwhile.
 */
export async function extendWait(db: Kysely<Database>, key: string, answeredAt: number, waitMs: number): Promise<void> {
  // An attempt that earned no wait leaves the key "not waiting" (see reserveAttempt).
  if (waitMs <= 0) return;
  const until = answeredAt + waitMs;
  await db
    .updateTable('throttle')
    .set({
      locked_until: sql<number>`case when ${bigint(until)} > ${lockedUntil} then ${bigint(until)} else ${lockedUntil} end`,
    })
    .where('key', '=', key)
    .execute();
}

/**
 * Gives back an attempt that turned out not to be a guess. Its wait is lifted only when nothing
 * has been counted on the key since (compare-and-set on the count), so it never shortens a wait
 * that a parallel failure has earned.
 */
export async function giveBackAttempt(db: Kysely<Database>, key: string, attempts: number): Promise<void> {
  await db
    .updateTable('throttle')
    .set({
      failures: sql<number>`${failures} - 1`,
      locked_until: sql<number>`case when ${failures} = ${attempts} then 0 else ${lockedUntil} end`,
    })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/**
 * Grants a key `uses` attempts until `until` (a proof of work paid for them): the count starts at 0
 * and `locked_until` holds the end of the grant, so a row past it is quiet and cleaned like any other.
 */
export async function grantUses(db: Kysely<Database>, key: string, now: number, until: number): Promise<void> {
  await db
    .insertInto('throttle')
    .values({ key, failures: 0, last_failure_at: now, locked_until: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures: 0, last_failure_at: now, locked_until: until }))
    .execute();
}

/**
 * Spends one of a grant's `uses`, in one statement: false when the key has no grant, it is over or
 * used up. Parallel spends each count, so no more than `uses` ever pass.
 */
export async function spendUse(db: Kysely<Database>, key: string, now: number, uses: number): Promise<boolean> {
  const row = await db
    .updateTable('throttle')
    .set({ failures: sql<number>`${failures} + 1`, last_failure_at: now })
    .where('key', '=', key)
    .where('failures', '<', uses)
    .where('locked_until', '>', now)
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearThrottle(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/** Throttle rows with no attempt and no wait since `before`: a key quiet that long starts afresh. */
export async function deleteQuietThrottles(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('throttle').where('locked_until', '<', before).where('last_failure_at', '<', before).execute();
}
