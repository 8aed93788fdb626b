import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: browser-side units in jsdom, the API through app.inject() in Node, and every
// Storybook story rendered once so a broken story fails the suite.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on two cores is one worker (cores - 1). Two: the files are independent (each
    // API file works in a PostgreSQL schema and on SQLite files of its own, tests/api/helpers.ts),
    // and much of an API file's time is waiting on the database, the child processes and timers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // The timeout is a hang guard, not a speed check: beside the builds and the reliability files
          // that `npm test` runs with them, the heaviest files (generated validators over hostile
          // strings, hostile drafts) take several times their quiet-machine time.
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          environment: 'jsdom',
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
    ],
  },
});
