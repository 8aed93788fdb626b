import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The reliability suite: real server processes on loopback, long timeouts, figures printed by the
// global teardown. Two projects, by what a file spends its time on:
// - `reliability:load` drives the two cores flat out on purpose, or holds an answer to a tight time
//   (health within 100 ms while the hostile pattern is matched): one file at a time, alone;
// - `reliability:waiting` mostly waits (lock delays, leases, Prometheus's scrapes, a black-holed
//   database, a slow receiver), and its time bounds are wide (a p99 under 1 s, an answer within
//   10 s): two files at a time, and `npm test` runs it beside the unit run.
const loadFiles = ['load', 'crash', 'bad-input', 'patterns', 'harness'].map(
  (name) => `tests/reliability/${name}.test.ts`,
);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    pool: 'forks',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // After the waiting files when the whole suite runs, so it has the machine to itself.
        test: { name: 'reliability:load', include: loadFiles, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'reliability:waiting',
          include: ['tests/reliability/**/*.test.ts'],
          exclude: loadFiles,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
