import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The reliability suite: real server processes on loopback, one test file at a time (they load
// the machine's two cores on purpose), long timeouts, figures printed by the global teardown.
export default defineConfig({
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    reporters: ['default'],
  },
});
