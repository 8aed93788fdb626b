/**
 * Shared pieces of the end-to-end tests: the `test` fixture (server address, map tiles answered
 * locally, console / page errors / CSP violations collected and checked after every test), the
 * fixture captcha bank's answers, one filler per wizard step (located by role and Persian label, as
 * a screen-reader user finds them), the axe scan, screenshots and the database reader.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { projectRoot } from './server.js';
import { TILE_PNG } from './map-stand-in.js';
import {
  fa,
  labelRe,
  optionTitle,
  questionOnPage,
  registrationsNamed,
  requiredEnv,
  sampleLocation,
  step,
  title,
  toAscii,
  type LocationInfo,
  type ManagerInfo,
  type PharmacyInfo,
  type RegistrationRow,
} from './wizard-facts.js';

// The definition's texts, the sample registration, the captcha bank and the database reader are
// shared with the other engines' tests (tests/engines): they live in wizard-facts.ts.
export * from './wizard-facts.js';
export { expect };

// ---------------------------------------------------------------------------------------------
// Fixtures

/** A 1×1 PNG in the map's land colour: every tile request is answered with it (no outside world). */
export { TILE_PNG };

export interface BrowserProblems {
  /** Console errors, page errors and CSP violations seen so far. */
  readonly seen: string[];
  /** Console errors this test causes on purpose (say, the 4xx of a wrong captcha). */
  allow(pattern: RegExp): void;
  tileRequests: number;
}

export const test = base.extend<{ problems: BrowserProblems }>({
  baseURL: async ({}, use) => {
    await use(requiredEnv('E2E_BASE_URL'));
  },
  problems: async ({}, use) => {
    const allowed: RegExp[] = [];
    const problems: BrowserProblems = {
      seen: [],
      allow: (pattern) => allowed.push(pattern),
      tileRequests: 0,
    };
    await use(problems);
    const unexpected = problems.seen.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
    expect(unexpected, 'console errors, page errors or CSP violations').toEqual([]);
  },
  page: async ({ page, problems }, use) => {
    const tileHosts = (process.env.E2E_TILE_ORIGINS ?? '').split(' ').filter(Boolean);
    if (tileHosts.length > 0) {
      await page.route(
        (url) => tileHosts.some((host) => url.host === host || url.host.endsWith(`.${host}`)),
        async (route) => {
          problems.tileRequests += 1;
          await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
        },
      );
    }
    page.on('console', (entry) => {
      if (entry.type() !== 'error') return;
      const where = entry.location().url;
      problems.seen.push(`console: ${entry.text()}${where ? ` @ ${where}` : ''}`);
    });
    page.on('pageerror', (error) => problems.seen.push(`pageerror: ${error.message}`));
    // Chromium prints CSP violations to the console too; this catches them even if it stops doing so.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    await use(page);
  },
});

// ---------------------------------------------------------------------------------------------
// Locating

/** A form field by its label: a text box (input, textarea, masked input) or a combobox (select, city search). */
export function field(page: Page, label: string): Locator {
  const name = labelRe(label);
  return page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));
}

/** A button by its Persian name; a step's forward/back action may also be a link (it navigates). */
export function button(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
}

function usesTouch(): boolean {
  return Boolean(base.info().project.use.hasTouch);
}

/** Activates a button or link the way the project's user does: a tap on the phone, a click on the desktop. */
export async function press(page: Page, name: string): Promise<void> {
  await activate(button(page, name));
}

export async function activate(target: Locator): Promise<void> {
  if (usesTouch()) await target.tap();
  else await target.click();
}

/** Picks an option of a select-like field: a native <select>, or a combobox with a listbox. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const control = field(page, label);
  const tag = await control.evaluate((element) => element.tagName);
  if (tag === 'SELECT') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  await control.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until a select-like field shows this option (selects fill in once their lists have loaded). */
export async function expectChosen(page: Page, label: string, option: string): Promise<void> {
  await expect.poll(() => chosen(page, label), { message: `«${label}» shows «${option}»` }).toBe(option);
}

/** The displayed value of a select-like field. */
export async function chosen(page: Page, label: string): Promise<string> {
  const control = field(page, label);
  return control.evaluate((element) =>
    element instanceof HTMLSelectElement
      ? (element.selectedOptions[0]?.textContent ?? '').trim()
      : ((element as HTMLInputElement).value ?? '').trim(),
  );
}

// ---------------------------------------------------------------------------------------------
// Filling the steps

/**
 * On /pharmacy-info. A tap on «شروع» before the app's code is in is followed by the browser, which
 * keeps the page's `?tier=` (the page loader adds it), so the address may carry it.
 */
export const AT_PHARMACY_INFO = /\/pharmacy-info(\?tier=\d+)?$/;

export async function startAtWelcome(page: Page, tier?: number): Promise<void> {
  await page.goto(tier === undefined ? '/welcome' : `/welcome?tier=${tier}`);
  await expect(page.getByRole('heading', { name: step('welcome').title })).toBeVisible();
}

export async function fillPharmacyInfo(page: Page, info: PharmacyInfo): Promise<void> {
  await field(page, title('pharmacy-info', 'name')).fill(info.name);
  await choose(page, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', info.type));
  await choose(page, title('pharmacy-info', 'service'), optionTitle('pharmacy-info', 'service', info.service));
  await page.getByRole('checkbox', { name: labelRe(title('pharmacy-info', 'hasDavajoo')) }).setChecked(info.hasDavajoo);
}

export async function fillLocation(page: Page, info: LocationInfo): Promise<void> {
  await choose(page, title('location', 'selectedState'), info.province);
  await choose(page, title('location', 'cityId'), info.city);
  await field(page, title('location', 'address')).fill(info.address);
  // The manager sees the map arrive at the city (a 1.5 s flight) before going on.
  await expectMapAt(page, info.cityLatitude, info.cityLongitude);
}

/** Waits until the coordinates under the map are those of a place (within about 100 m). */
export async function expectMapAt(page: Page, latitude: number, longitude: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = await shownCoordinates(page);
        return Math.max(Math.abs(shown.latitude - latitude), Math.abs(shown.longitude - longitude));
      },
      { message: `the map shows ${latitude}, ${longitude}`, timeout: 10_000 },
    )
    .toBeLessThan(0.001);
}

/** Types the manager's details the way a manager would: Persian digits, key by key. */
export async function fillManager(page: Page, info: ManagerInfo): Promise<void> {
  await field(page, title('manager', 'firstName')).fill(info.firstName);
  await field(page, title('manager', 'lastName')).fill(info.lastName);
  await field(page, title('manager', 'nationalCode')).pressSequentially(info.nationalCodeTyped);
  await field(page, title('manager', 'mobileNumber')).pressSequentially(info.mobileTyped);
}

export function termsCheckbox(page: Page): Locator {
  return page.getByRole('checkbox', { name: new RegExp(title('manager', 'acceptTerms')) });
}

/**
 * Answers the captcha shown, right or deliberately wrong: reads the question from the radio group,
 * looks it up in the fixture bank, and checks the option by its accessible name (as a screen-reader
 * user picks it). Returns the question answered.
 */
export async function answerCaptcha(page: Page, right: boolean): Promise<string> {
  const group = page.getByRole('radiogroup');
  await expect(group.getByRole('radio').first()).toBeVisible();
  const entry = questionOnPage(await group.innerText());
  const rightOption = entry.options[entry.answer];
  const option = right ? rightOption : entry.options.find((candidate) => candidate !== rightOption)!;
  await group.getByRole('radio', { name: option, exact: true }).check();
  return entry.question;
}

export async function acceptTerms(page: Page): Promise<void> {
  await termsCheckbox(page).check();
}

/** From /welcome?tier= to /manager with every earlier step filled and continued. */
export async function goToManager(
  page: Page,
  options: { tier?: number; pharmacy: PharmacyInfo; location?: LocationInfo },
): Promise<void> {
  await startAtWelcome(page, options.tier);
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await fillPharmacyInfo(page, options.pharmacy);
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
  await fillLocation(page, options.location ?? sampleLocation);
  await press(page, step('location').buttons!.next!);
  await expect(page).toHaveURL(/\/manager$/);
}

// ---------------------------------------------------------------------------------------------
// Map

/** The coordinates the map widget shows as text («عرض جغرافیایی …، طول جغرافیایی …»). */
export async function shownCoordinates(page: Page): Promise<{ latitude: number; longitude: number }> {
  const [before, between] = fa.widgets.map.coordinates.split(/\{latitude\}|\{longitude\}/);
  const text = toAscii(await page.getByText(before.trim()).first().innerText());
  const number = '(-?[0-9]+(?:\\.[0-9]+)?)';
  const match = new RegExp(`${before.trim()}\\s*${number}\\s*${between.trim()}\\s*${number}`).exec(text);
  if (!match) throw new Error(`coordinates not readable from «${text}»`);
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

/** The coordinates once the map has stopped moving (no change over 300 ms: flights and inertia are over). */
export async function settledCoordinates(page: Page): Promise<{ latitude: number; longitude: number }> {
  let previous = await shownCoordinates(page);
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.waitForTimeout(300);
    const current = await shownCoordinates(page);
    if (current.latitude === previous.latitude && current.longitude === previous.longitude) return current;
    previous = current;
  }
  throw new Error('the map did not stop moving');
}

/**
 * Waits until the map stops moving (a fly-to takes 1.5 s; the coordinates are committed when it
 * starts, so they cannot tell): Leaflet's map pane keeps the same transform for 250 ms.
 */
export async function waitForMapToRest(page: Page): Promise<void> {
  const pane = mapRegion(page).locator('.leaflet-map-pane');
  const read = () =>
    pane.evaluate(
      (element) =>
        `${(element as HTMLElement).style.transform}|${element.querySelectorAll('.leaflet-zoom-animated').length}|${element.ownerDocument.querySelector('.leaflet-tile-container')?.getAttribute('style') ?? ''}`,
    );
  let previous = await read();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.waitForTimeout(250);
    const current = await read();
    if (current === previous) return;
    previous = current;
  }
  throw new Error('the map did not come to rest');
}

/** Holds back the requests matching `url` (as a slow line would) until the returned function is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export function mapRegion(page: Page): Locator {
  return page.getByRole('application', { name: fa.widgets.map.label });
}

/**
 * Drags the map by (dx, dy) CSS pixels from its centre: a finger on the phone (touch events through
 * the DevTools protocol, as a real touch screen sends them), the mouse on the desktop.
 */
export async function dragMap(page: Page, dx: number, dy: number): Promise<void> {
  await waitForMapToRest(page);
  // A finger or a mouse can only drag what is on the screen.
  await mapRegion(page).scrollIntoViewIfNeeded();
  const box = await mapRegion(page).boundingBox();
  if (!box) throw new Error('the map has no box');
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const steps = 12;
  if (usesTouch()) {
    const cdp = await page.context().newCDPSession(page);
    const point = (index: number) => [{ x: start.x + (dx * index) / steps, y: start.y + (dy * index) / steps }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
    for (let index = 1; index <= steps; index += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(index) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps });
  await page.mouse.up();
}

// ---------------------------------------------------------------------------------------------
// Accessibility, screenshots

export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const readable = results.violations.map(
    (violation) =>
      `[${violation.impact ?? '-'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n'),
  );
  expect(readable, `axe-core violations on ${where}:\n${readable.join('\n')}`).toEqual([]);
}

/** One column on a 360 px phone: nothing wider than the viewport (spec: no horizontal scroll). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width ${scrollWidth} px in a ${clientWidth} px viewport`).toBeLessThanOrEqual(clientWidth);
}

export async function screenshot(page: Page, testInfo: TestInfo, stepName: string): Promise<void> {
  const folder = join(projectRoot, 'docs', 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({
    path: join(folder, `${testInfo.project.name}-${stepName}.png`),
    scale: 'css',
    animations: 'disabled',
    caret: 'hide',
  });
}

// ---------------------------------------------------------------------------------------------
// Database

/** The one registration stored under this pharmacy name (fails if there are none or several). */
export async function theRegistration(name: string): Promise<RegistrationRow> {
  let rows: RegistrationRow[] = [];
  await expect
    .poll(
      () => {
        rows = registrationsNamed(name);
        return rows.length;
      },
      { message: `registrations stored for «${name}»` },
    )
    .toBe(1);
  return rows[0];
}
