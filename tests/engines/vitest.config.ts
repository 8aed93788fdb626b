import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The wizard in the engines other than Chromium (Firefox, WebKit) against the built server:
// `npm run test:engines`, after `npm run build`. One file per engine; the two run side by side
// (each mostly waits on its browser and the map's flights).
export default defineConfig({
  test: {
    name: 'engines',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/global-setup.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
