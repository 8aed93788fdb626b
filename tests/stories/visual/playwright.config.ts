import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Every story of the static Storybook photographed in Chromium at phone (360 px) and desktop
 * (1280 px) width and compared with its committed baseline (baselines/<width>/<story id>.png), and
 * scanned by axe-core in the same render (the a11y addon's own run, with preview.tsx's rules):
 * `npm run test:stories-visual`, after `npm run build-storybook`. `npm run stories:update` builds
 * and writes new baselines. A changed look fails with expected, actual and diff images under
 * test-results/stories-visual/. See docs/storybook.md.
 *
 * Stable images: Vazirmatn from the package (waited for), Date frozen, animations, transitions and
 * the caret off, no request leaves loopback, device scale 1.
 */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const port = Number(process.env.STORIES_PORT ?? 6117);

export default defineConfig({
  testDir: '.',
  testMatch: 'stories.spec.ts',
  snapshotPathTemplate: '{testDir}/baselines/{projectName}/{arg}{ext}',
  // A story without a baseline fails (write it with `npm run stories:update`), never passes silently.
  updateSnapshots: 'none',
  fullyParallel: true,
  // Two cores shared by the server, Chromium and the runner.
  workers: Number(process.env.STORIES_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: 'dot',
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: { maxDiffPixels: 0, threshold: 0.1, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  outputDir: '../../../test-results/stories-visual',
  webServer: {
    command: `node tests/stories/visual/serve-static.ts storybook-static ${port}`,
    cwd: '../../..',
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    deviceScaleFactor: 1,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--disable-background-networking',
        '--no-first-run',
        // Nothing leaves loopback: any other host fails at once (map tiles, a stray font).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    },
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
});
