/**
 * Pre-rendered pages: each step's route arrives with its first screen in the HTML, hydrates without
 * a single hydration warning or error (for a new visitor and for a tab with a draft), and keeps
 * working.
 */
import type { Page } from '@playwright/test';
import {
  AT_PHARMACY_INFO,
  expect,
  field,
  fillManager,
  goToManager,
  holdRequests,
  press,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  step,
  test,
  title,
  wizard,
  expectChosen,
} from './helpers.js';

/** React's hydration messages (development wording, and the production build's error codes). */
const HYDRATION = /hydrat|did not match|server rendered|Minified React error #(?:418|419|422|423|425)/i;

/** Every console message (any level) and page error that speaks of hydration. */
function hydrationProblems(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (entry) => {
    if (HYDRATION.test(entry.text())) found.push(`${entry.type()}: ${entry.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) found.push(`pageerror: ${error.message}`);
  });
  return found;
}

/** Waits until React has taken over the form (a typed value reaches the state and survives). */
async function expectInteractive(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.fill(text);
  await expect(input).toHaveValue(text);
}

const formSteps = wizard.steps.filter((candidate) => ['pharmacy-info', 'location', 'manager'].includes(candidate.id));

test("each step's HTML carries its heading, the header and its empty form before any script runs", async ({
  request,
}) => {
  for (const candidate of wizard.steps) {
    const response = await request.get(candidate.route);
    expect(response.ok(), candidate.route).toBe(true);
    const html = await response.text();
    expect(html, candidate.route).toContain(`>${candidate.title}</h1>`);
    expect(html, candidate.route).toContain('class="app-header"');
    expect(html, candidate.route).toContain(`<title>${candidate.title} | `);
  }
  for (const candidate of formSteps) {
    const html = await (await request.get(candidate.route)).text();
    expect(html, candidate.route).toContain('<form');
    // The step's code and the web fonts are listed for the page's loader (inline, allowed by the
    // CSP's hash), which fetches them after the first paint; the inline styles keep only the
    // metric-matched local fallback font.
    const loader =
      /<script data-entry="[^"]+" data-modules="([^"]*)" data-fonts="([^"]+)" data-fetches="([^"]+)">[\s\S]+?<\/script>/.exec(
        html,
      );
    expect(loader, candidate.route).not.toBeNull();
    expect(loader![1], candidate.route).toMatch(/\/assets\/FormStepPage-[^ ]+\.js/);
    // Nothing but the HTML before the first paint: no script file, stylesheet, preload or image the
    // browser would fetch beside it (the logo is drawn inline, the favicon is a data: URI).
    expect(html, candidate.route).not.toMatch(
      /<script[^>]*\ssrc=|<link\s+rel="(?:stylesheet|preload|modulepreload)"|<img\s/,
    );
    expect(html, candidate.route).toMatch(/<link\s+rel="icon"\s+href="data:image\/svg\+xml,/);
    // The live version's validators (an immutable module of the server) come with the form's code,
    // and its definition is fetched for the app to hydrate with.
    const { definitionVersion } = await (await request.get('/api/Register/Config')).json();
    expect(loader![1].split(' '), candidate.route).toContain(`/api/definition/${definitionVersion}/validators.js`);
    expect(loader![2], candidate.route).toMatch(/^\/assets\/page-fonts-[^/]+\.css$/);
    expect(loader![3].split(' ')[0], candidate.route).toBe(`/api/definition/${definitionVersion}/definition.json`);
    expect(html, candidate.route).not.toMatch(/@font-face\{[^}]*url\(/);
    expect(html, candidate.route).not.toContain('<script type="module"');
  }
  // /location's province select says what it asks for from the first HTML on, not a loading text
  // swapped later (a later paint, which would be the page's largest contentful paint).
  const location = await (await request.get(step('location').route)).text();
  expect(location).toMatch(/<select id="root_selectedState"[^>]*><option value="" selected="">انتخاب استان<\/option>/);
  // Register/Config travels inside the page as a JSON data block (not a script the CSP would run),
  // the same answer the API gives.
  const welcome = await (await request.get(step('welcome').route)).text();
  const block = /<script type="application\/json" id="register-config">([^<]*)<\/script>/.exec(welcome);
  expect(block, 'Register/Config data block').not.toBeNull();
  const config = await (await request.get('/api/Register/Config')).json();
  expect(JSON.parse(block![1])).toEqual(config);
});

test('a new visitor sees the welcome page hydrate without hydration warnings', async ({ page }) => {
  const problems = hydrationProblems(page);
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: step('welcome').title })).toBeVisible();
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await page.reload();
  await expectInteractive(page, title('pharmacy-info', 'name'), 'داروخانه مهر');
  // The loader brought Vazirmatn after the first paint, and the hydrated page is marked.
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, '')),
  );
  expect(loaded).toContain('Vazirmatn');
  expect(problems).toEqual([]);
});

test('a step opened out of order still goes to the first unfinished step after hydrating', async ({ page }) => {
  const problems = hydrationProblems(page);
  await page.goto('/manager');
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await expectInteractive(page, title('pharmacy-info', 'name'), 'داروخانه مهر');
  expect(problems).toEqual([]);
});

test('a tap on «شروع» before the app code is in still keeps the plan of ?tier=', async ({ page }) => {
  // The app's module is held back: the page is its pre-rendered HTML and the loader alone.
  const release = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  // Not waiting for `load`: the held module, once the loader has added it, holds that event back.
  await page.goto('/welcome?tier=3', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: step('welcome').title })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated');
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(/\/pharmacy-info\?tier=3$/);
  release();
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated');
  // The app read the plan from this page's address.
  await expect
    .poll(() =>
      page.evaluate(() => {
        // One key per version (src/client/state/version-drafts.ts).
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('pharmacy-wizard:v1@'));
        return (JSON.parse((key && sessionStorage.getItem(key)) ?? '{}') as { tier?: number }).tier;
      }),
    )
    .toBe(3);
});

test('reloading each form step with a draft hydrates cleanly and brings the draft back', async ({ page }) => {
  const problems = hydrationProblems(page);
  const pharmacy = samplePharmacy();
  await goToManager(page, { pharmacy });
  await fillManager(page, sampleManager);
  // The draft is written when the page is hidden or left; a reload leaves it.
  await page.reload();
  await expect(field(page, title('manager', 'firstName'))).toHaveValue(sampleManager.firstName);
  await expect(page.getByRole('radiogroup')).toBeVisible();

  await page.goto('/location');
  await expectChosen(page, title('location', 'selectedState'), sampleLocation.province);
  await expect(field(page, title('location', 'address'))).toHaveValue(sampleLocation.address);

  await page.goto('/pharmacy-info');
  await expect(field(page, title('pharmacy-info', 'name'))).toHaveValue(pharmacy.name);
  await expectInteractive(page, title('pharmacy-info', 'name'), `${pharmacy.name} نو`);
  expect(problems).toEqual([]);
});
