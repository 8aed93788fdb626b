import { describe, expect, it } from 'vitest';
import { compareRates, medianOfBuckets, timeBucketOf, wilson } from '../../../src/shared/insights/stats.js';

describe('the form’s behaviour: its arithmetic', () => {
  it('puts a step time in the bucket of its upper end, past the last in the open one', () => {
    expect(timeBucketOf(0)).toBe('5');
    expect(timeBucketOf(5000)).toBe('5');
    expect(timeBucketOf(5001)).toBe('10');
    expect(timeBucketOf(42_000)).toBe('45');
    expect(timeBucketOf(3_600_000)).toBe('+inf');
  });

  it('reads the median off the buckets, placed linearly inside its bucket', () => {
    expect(medianOfBuckets({})).toBeNull();
    // 10 times: 4 in (0,5], 6 in (5,10]; the 5th lies 1/6 into (5,10].
    expect(medianOfBuckets({ '5': 4, '10': 6 })).toBeCloseTo(5 + (1 / 6) * 5);
    expect(medianOfBuckets({ '30': 1 })).toBeCloseTo(25);
    expect(medianOfBuckets({ '+inf': 3 })).toBe(1800);
  });

  it('gives Wilson intervals that stay inside 0..1 and narrow with more managers', () => {
    const small = wilson(1, 2);
    const large = wilson(100, 200);
    expect(small.low).toBeGreaterThanOrEqual(0);
    expect(small.high).toBeLessThanOrEqual(1);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    // A textbook value: 81 of 263 → (0.2553, 0.3662).
    const textbook = wilson(81, 263);
    expect(textbook.low).toBeCloseTo(0.2553, 3);
    expect(textbook.high).toBeCloseTo(0.3662, 3);
  });

  it('claims a difference only when the interval leaves out none and both sides have enough managers', () => {
    // Newcombe's worked example (method 10): 56/70 vs 48/80 → difference −0.2, interval (−0.3339, −0.0524).
    const newcombe = compareRates({ count: 56, total: 70 }, { count: 48, total: 80 });
    expect(newcombe.difference).toBeCloseTo(-0.2, 6);
    expect(newcombe.low).toBeCloseTo(-0.3339, 3);
    expect(newcombe.high).toBeCloseTo(-0.0524, 3);
    expect(newcombe.verdict).toBe('lower');
    expect(compareRates({ count: 1, total: 2 }, { count: 2, total: 2 }).verdict).toBe('unclear');
    expect(compareRates({ count: 50, total: 100 }, { count: 52, total: 100 }).verdict).toBe('unclear');
    expect(compareRates({ count: 0, total: 0 }, { count: 1, total: 3 })).toEqual({
      difference: null,
      low: null,
      high: null,
      verdict: 'unclear',
    });
  });
});
