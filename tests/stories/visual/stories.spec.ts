/**
 * One pass over the static Storybook per width (playwright.config.ts): each story opened on its own
 * page (iframe.html, so no story inherits another's state), its render, play function and the a11y
 * addon's axe-core run awaited through Storybook's own `storyFinished` event, then:
 * - axe-core: no violation of the rules preview.tsx gives the addon (what its panel shows);
 * - the look: the story's root (or the viewport while a modal dialog is open) against its baseline.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface IndexEntry {
  id: string;
  type: string;
  title: string;
  name: string;
}

function storiesOfStaticBuild(): IndexEntry[] {
  const file = path.join(root, 'storybook-static/index.json');
  let index: { entries: Record<string, IndexEntry> };
  try {
    index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> };
  } catch {
    throw new Error('storybook-static/index.json not found: run `npm run build-storybook` first.');
  }
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

/** The moment every story is photographed at (Date only: timers run). */
const FROZEN_NOW = new Date('2025-03-21T09:00:00+03:30');

/** What the page reports once Storybook is done with the story. */
interface StoryOutcome {
  status: 'success' | 'error';
  /** The a11y addon ran axe-core on the story (no story may switch it off). */
  scanned: boolean;
  violations: Array<{ id: string; impact: string | null; help: string; targets: string[] }>;
  a11yError?: string;
  exceptions: string[];
}

/**
 * Installed before Storybook's own code: hooks its channel as soon as it is created and keeps the
 * story's outcome (`storyFinished`, with the a11y addon's report) on `window.__storyOutcome`.
 */
function hookStorybookChannel(): void {
  type Channel = { on: (event: string, listener: (payload: unknown) => void) => void };
  const scope = window as unknown as Record<string, unknown>;
  const exceptions: string[] = [];
  let channel: Channel | undefined;
  scope.__storyOutcome = new Promise((resolve) => {
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(next: Channel) {
        channel = next;
        const record = (payload: unknown) => exceptions.push(JSON.stringify(payload).slice(0, 500));
        next.on('storyThrewException', record);
        next.on('playFunctionThrewException', record);
        next.on('storyErrored', record);
        next.on('storyMissing', record);
        next.on('storyFinished', (payload) => {
          const { status, reporters } = payload as {
            status: 'success' | 'error';
            reporters: Array<{ type: string; result: { violations?: unknown[]; error?: unknown } }>;
          };
          const a11y = reporters.find((report) => report.type === 'a11y')?.result;
          const violations = ((a11y?.violations ?? []) as Array<Record<string, unknown>>).map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            targets: (violation.nodes as Array<{ target: unknown }>).map((node) => JSON.stringify(node.target)),
          }));
          resolve({
            status,
            scanned: a11y !== undefined,
            violations,
            a11yError: a11y?.error ? (a11y.error instanceof Error ? a11y.error.message : 'axe-core failed') : undefined,
            exceptions,
          });
        });
      },
    });
  });
  // Animations and transitions end where they would end; the caret does not blink.
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent =
      '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
    document.head.append(style);
  });
}

const test = base.extend<object, { storyPage: Page }>({
  // One browser context per worker: the preview's bundles come from its cache after the first story.
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        locale,
        timezoneId,
        baseURL,
        reducedMotion: 'reduce',
      });
      await context.addInitScript(hookStorybookChannel);
      const page = await context.newPage();
      await page.clock.setFixedTime(FROZEN_NOW);
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

async function openStory(page: Page, id: string): Promise<StoryOutcome> {
  await page.goto(`iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  const outcome = await page.evaluate(
    () => (window as unknown as { __storyOutcome: Promise<StoryOutcome> }).__storyOutcome,
  );
  // Lazy form steps and map views, then the fonts they asked for.
  await expect(page.locator('.step-placeholder')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return outcome;
}

/**
 * The story's root; the viewport while a modal dialog (top layer) is open or the root has no size;
 * the whole page when it is wider than the screen (a phone then zooms out to show it all, and the
 * root alone would be scrolled into view differently from one shot to the next).
 */
async function photograph(page: Page, name: string): Promise<void> {
  const screen = page.viewportSize()?.width ?? 0;
  const { modal, overflows } = await page.evaluate(
    (width) => ({
      modal: document.querySelector('dialog:modal') !== null,
      overflows: document.documentElement.scrollWidth > width,
    }),
    screen,
  );
  const box = await page.locator('#storybook-root').boundingBox();
  if (overflows) return expect(page).toHaveScreenshot(name, { fullPage: true });
  if (modal || !box || box.height === 0) return expect(page).toHaveScreenshot(name);
  return expect(page.locator('#storybook-root')).toHaveScreenshot(name);
}

const stories = storiesOfStaticBuild();

test('every baseline belongs to a story of the build', () => {
  const dir = path.dirname(test.info().snapshotPath('any.png'));
  const known = new Set(stories.map((story) => `${story.id}.png`));
  const orphans = existsSync(dir) ? readdirSync(dir).filter((file) => !known.has(file)) : [];
  expect(orphans, `baselines of stories that are gone: delete them from ${path.relative(root, dir)}/`).toEqual([]);
});

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ storyPage: page }) => {
    const outcome = await openStory(page, story.id);
    expect(outcome.scanned, 'the a11y addon did not run axe-core on the story').toBe(true);
    expect(outcome.a11yError, 'the a11y addon could not run axe-core').toBeUndefined();
    expect(
      outcome.violations,
      'axe-core violations (rules and exceptions: .storybook/a11y.ts, docs/storybook.md)',
    ).toEqual([]);
    expect(outcome.exceptions, 'the story threw while rendering or playing').toEqual([]);
    expect(outcome.status, 'Storybook reports the story as failed').toBe('success');
    await photograph(page, `${story.id}.png`);
  });
}
