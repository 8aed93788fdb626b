import type { DatabaseHandle } from '../db/database.js';
import { reserveAttempt, windowAllowance } from '../throttle/throttle.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOUR_COUNTER = 'address-lookups-hour';

/** ADDRESS_LOOKUPS_PER_HOUR / ADDRESS_LOOKUPS_PER_DAY: calls to the paid service across all clients. */
export interface AddressBudgetLimits {
  perHour: number;
  perDay: number;
}

/** The hour's or the day's calls to the map service are spent: no call until the window is over. */
export class AddressBudgetSpent extends Error {
  constructor(
    readonly window: 'hour' | 'day',
    readonly retryAfterMs: number,
  ) {
    super(`address lookups of this ${window} spent`);
  }
}

/**
 * Counts one call to the map provider's service against the hour's and the day's budget, both in
 * one transaction: a call refused by either counts against neither. The counting is the SMS
 * codes' hourly allowance's (throttle.repository.ts: one statement per counter, the database
 * increments), so lookups sent at once from any number of clients and processes cannot make more
 * calls than the budget. Throws AddressBudgetSpent past it.
 */
export async function spendAddressLookup(
  database: DatabaseHandle,
  now: number,
  limits: AddressBudgetLimits,
): Promise<void> {
  const day = windowAllowance('address-lookups-day', limits.perDay, DAY, now);
  const hour = windowAllowance(HOUR_COUNTER, limits.perHour, HOUR, now);
  // Relaxed: a power cut may forget the last few counts, never let a flood through.
  await database.transaction('relaxed', async (trx) => {
    if ((await reserveAttempt(trx, day.key, now, day.rule)) === undefined)
      throw new AddressBudgetSpent('day', day.endsInMs);
    if ((await reserveAttempt(trx, hour.key, now, hour.rule)) === undefined)
      throw new AddressBudgetSpent('hour', hour.endsInMs);
  });
}

/** The throttle key counting this clock hour's calls (the metrics read how much of it is spent); the limit does not shape it. */
export function addressLookupsHourKey(now: number): string {
  return windowAllowance(HOUR_COUNTER, 1, HOUR, now).key;
}
