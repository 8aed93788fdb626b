import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLICE_MS, inSlices } from '../../../src/client/page-loader/slices.js';

afterEach(() => vi.restoreAllMocks());

/** Every step takes `stepMs` on performance.now's clock. */
function stepsTaking(count: number, stepMs: number, done: number[]) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return Array.from({ length: count }, (_, index) => () => {
    now += stepMs;
    done.push(index);
  });
}

/** Until the loader's messages have all been handled. */
const tasksLater = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the page loader's slices", () => {
  it('runs the steps in order, and leaves the ones past the time budget to the next tasks', async () => {
    const done: number[] = [];
    inSlices(stepsTaking(10, 3, done));
    // The step that reaches the budget is the first task's last.
    const firstTask = Math.ceil(SLICE_MS / 3);
    expect(firstTask).toBeLessThan(10);
    expect(done).toEqual([...Array(firstTask).keys()]);
    await tasksLater();
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('runs every step in one task when they are quick', () => {
    const done: number[] = [];
    inSlices(stepsTaking(25, 0.1, done));
    expect(done).toHaveLength(25);
  });

  it('runs a slow step alone in its task, and the rest still follow', async () => {
    const done: number[] = [];
    inSlices(stepsTaking(3, 50, done));
    expect(done).toEqual([0]);
    await tasksLater();
    expect(done).toEqual([0, 1, 2]);
  });
});
