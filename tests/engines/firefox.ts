/**
 * Firefox (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi. Playwright's BiDi
 * channel needs a newer Firefox than the ESR, puppeteer's works with it. Errors are heard as the
 * page raises them, during loads too: BiDi's log events (page errors, console errors) and a
 * preload script that reports CSP violations to the console.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { findInPage, optionValueInPage, type Engine, type Handle, type Query } from './engine.js';

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** A manager's phone: 360 × 740 CSS pixels. */
const PHONE = { width: 360, height: 740 };

const elementOf = (handle: Handle) => handle.engineHandle as ElementHandle;
const asArgument = (value: unknown) =>
  value && typeof value === 'object' && 'engineHandle' in value ? elementOf(value) : value;

function watchProblems(page: Page, seen: string[]): void {
  page.on('pageerror', (error) => seen.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
}

/** A new tab of a phone's size, watched for errors from its first script on. */
async function phoneTab(browser: Browser, seen: string[]): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport(PHONE);
  watchProblems(page, seen);
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return page;
}

export async function launchFirefox(baseURL: string): Promise<Engine> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
  const seen: string[] = [];
  let page = await phoneTab(browser, seen);
  return {
    name: 'Firefox',
    async open(path) {
      // A new tab is a new manager: the draft lives in the tab's sessionStorage.
      const previous = page;
      page = await phoneTab(browser, seen);
      await previous.close();
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
    },
    location: () => page.evaluate(() => location.pathname + location.search),
    run: (code, ...args) => page.evaluate(code, ...args.map(asArgument)),
    async find(query: Query) {
      const found = await page.evaluateHandle(findInPage, query);
      const element = found.asElement();
      if (element) return { engineHandle: element };
      await found.dispose();
      return undefined;
    },
    click: (target) => elementOf(target).click(),
    type: (target, text) => elementOf(target).type(text),
    async select(target, optionText) {
      const value = await page.evaluate(optionValueInPage, elementOf(target), optionText);
      if (value === null) throw new Error(`no option «${optionText}» in the select`);
      await elementOf(target).select(value);
    },
    press: (key) => page.keyboard.press(key),
    async drag(target, dx, dy) {
      await elementOf(target).scrollIntoView();
      const box = await elementOf(target).boundingBox();
      if (!box) throw new Error('nothing to drag: the element has no box');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 12 });
      await page.mouse.up();
    },
    screenshot: async () => Buffer.from(await page.screenshot()),
    async problems() {
      return seen.splice(0);
    },
    close: () => browser.close(),
  };
}
