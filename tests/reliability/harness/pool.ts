/** Runs `count` tasks with at most `concurrency` in flight; results keep their index. */
export async function runPool<T>(
  count: number,
  concurrency: number,
  task: (index: number, worker: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async (_, worker) => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index, worker);
    }
  });
  await Promise.all(workers);
  return results;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
