/**
 * The arithmetic of «رفتار فرم»: the median time of a step from its histogram (no visit's own time
 * is kept), and the comparison of one proportion between two versions with a 95 % interval.
 */
import type { RateComparison } from '../contracts/insights.schemas.js';

/** Upper ends (seconds) of the step-time buckets; a time past the last falls in the open bucket `+inf`. */
export const TIME_BUCKETS = [5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, 1200, 1800] as const;
export const OPEN_BUCKET = '+inf';

/** The bucket a step time falls in, as stored: its upper end in seconds, or `+inf`. */
export function timeBucketOf(ms: number): string {
  const seconds = ms / 1000;
  const bucket = TIME_BUCKETS.find((upper) => seconds <= upper);
  return bucket === undefined ? OPEN_BUCKET : String(bucket);
}

/**
 * The median of times counted per bucket, read off the cumulative counts and placed linearly
 * inside its bucket (the usual estimate from grouped data). In the open bucket: its lower end.
 */
export function medianOfBuckets(counts: Readonly<Record<string, number>>): number | null {
  const ordered = [...TIME_BUCKETS.map(String), OPEN_BUCKET].map((bucket) => counts[bucket] ?? 0);
  const total = ordered.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const half = total / 2;
  let below = 0;
  for (let index = 0; index < ordered.length; index += 1) {
    const count = ordered[index];
    const lower = index === 0 ? 0 : TIME_BUCKETS[index - 1];
    if (below + count >= half && count > 0) {
      if (index === TIME_BUCKETS.length) return lower;
      return lower + ((half - below) / count) * (TIME_BUCKETS[index] - lower);
    }
    below += count;
  }
  return TIME_BUCKETS[TIME_BUCKETS.length - 1];
}

const Z95 = 1.959964;

/** Fewer managers than this on either side: no difference is claimed, whatever the interval says. */
export const MIN_COMPARED = 20;

/** Wilson's 95 % score interval of `successes` in `total`. */
export function wilson(successes: number, total: number): { low: number; high: number } {
  if (total === 0) return { low: 0, high: 1 };
  const p = successes / total;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const spread = (Z95 * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
  return { low: Math.max(0, centre - spread), high: Math.min(1, centre + spread) };
}

/**
 * The second rate minus the first, with Newcombe's 95 % interval of the difference (his method 10,
 * built from the two Wilson intervals; sound at small counts and rates near 0 or 1, unlike Wald's).
 */
export function compareRates(
  first: { count: number; total: number },
  second: { count: number; total: number },
): RateComparison {
  if (first.total === 0 || second.total === 0) return { difference: null, low: null, high: null, verdict: 'unclear' };
  const p1 = first.count / first.total;
  const p2 = second.count / second.total;
  const w1 = wilson(first.count, first.total);
  const w2 = wilson(second.count, second.total);
  const difference = p2 - p1;
  const low = difference - Math.sqrt((p2 - w2.low) ** 2 + (w1.high - p1) ** 2);
  const high = difference + Math.sqrt((w2.high - p2) ** 2 + (p1 - w1.low) ** 2);
  const enough = Math.min(first.total, second.total) >= MIN_COMPARED;
  const verdict = !enough || (low <= 0 && high >= 0) ? 'unclear' : difference > 0 ? 'higher' : 'lower';
  return { difference, low, high, verdict };
}
