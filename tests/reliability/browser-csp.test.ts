/**
 * The CSP in a browser: the built wizard runs under the server's CSP in headless Chromium
 * with no violation reported — neither a `securitypolicyviolation` event (listened for from an
 * init script, before any page script runs) nor a CSP message on the console.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { clientDir, runDir } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';

const executablePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const managerDraft = {
  drafts: {
    'pharmacy-info': { name: 'داروخانه آزمون', type: 1, service: 1, hasDavajoo: false },
    location: {
      selectedState: 8,
      cityId: 317,
      address: 'خیابان آزادی کوچه یکم',
      latitude: 35.544581,
      longitude: 51.230246,
    },
  },
  completed: ['welcome', 'pharmacy-info', 'location'],
  serverErrors: {},
};

describe('the built wizard under its CSP in Chromium', () => {
  let scenario: Scenario | undefined;
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    await scenario?.close();
    await stopAllServers();
  });

  it('/welcome and /manager load with zero CSP violations', async () => {
    const buildError = resolve(runDir, 'client-build-error.txt');
    expect(
      existsSync(resolve(clientDir, 'index.html')),
      existsSync(buildError) ? readFileSync(buildError, 'utf8').slice(0, 2000) : 'dist/client/index.html is missing',
    ).toBe(true);
    scenario = await startScenario('sqlite', 'browser');
    const base = `http://127.0.0.1:${scenario.server.port}`;
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ locale: 'fa-IR' });
    // Nothing leaves the machine (map tiles and the like): a blocked request is no CSP matter.
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    // A draft with the first two steps done, as the wizard keeps it, so /manager is not sent back
    // to the first incomplete step and its widgets (captcha, terms) run too.
    await context.addInitScript((draft) => {
      if (!sessionStorage.getItem('pharmacy-wizard:v1')) sessionStorage.setItem('pharmacy-wizard:v1', draft);
    }, JSON.stringify(managerDraft));
    await context.addInitScript(() => {
      const store: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
      document.addEventListener('securitypolicyviolation', (event) => {
        store.push(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        );
      });
    });
    const page = await context.newPage();
    const consoleCsp: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|evaluate|connect|frame)/i.test(message.text()))
        consoleCsp.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const visited: string[] = [];
    const violations: string[] = [];
    for (const path of ['/welcome', '/manager']) {
      const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-security-policy'], path).toBeTruthy();
      // The wizard rendered (its header title is on every page), so its scripts ran under the CSP.
      await page.getByText('سامانه یکپارچه مدیریت داروخانه').first().waitFor({ timeout: 15_000 });
      // On the manager step the captcha widget fetched and showed a question of the suite's bank.
      if (new URL(page.url()).pathname === '/manager')
        await page
          .getByText(/پرسش آزمون شماره/)
          .first()
          .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      visited.push(new URL(page.url()).pathname);
      violations.push(
        ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
      );
    }
    recordFigure('any', 'csp: violations in Chromium', violations.length + consoleCsp.length);
    expect(visited, 'the manager step itself was shown').toContain('/manager');
    console.log(
      `[csp] visited ${visited.join(', ')}; violations ${violations.length}; console CSP messages ${consoleCsp.length}`,
    );
    expect(violations).toEqual([]);
    expect(consoleCsp).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("the page's inline loader runs by its hash, and any other inline script is refused", async () => {
    expect(scenario && browser, 'runs after the wizard check, on its server and browser').toBeTruthy();
    const base = `http://127.0.0.1:${scenario!.server.port}`;
    const context = await browser!.newContext();
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    // The server's own page and CSP header, with one more inline script put in beside the loader,
    // as an injection would.
    await context.route(`${base}/welcome`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</head>',
        '<script>document.documentElement.dataset.injected = "ran";</script></head>',
      );
      await route.fulfill({ response, body: html });
    });
    const violations: string[] = [];
    await context.exposeFunction('reportViolation', (line: string) => violations.push(line));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (line: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI || 'inline'}`,
        ),
      );
    });
    const page = await context.newPage();
    const response = await page.goto(`${base}/welcome`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    // The loader ran: it started the app's module after the first paint, and the app hydrated.
    await expect.poll(() => page.locator('#root[data-hydrated]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
    expect(violations).toEqual(['script-src-elem inline']);
    await context.close();
  });

  it('the API reference page /api/docs renders every operation with zero CSP violations', async () => {
    expect(scenario && browser, 'runs after the wizard check, on its server and browser').toBeTruthy();
    const context = await browser!.newContext();
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
      );
    });
    const response = await page.goto(`http://127.0.0.1:${scenario!.server.port}/api/docs`, {
      waitUntil: 'networkidle',
    });
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('/api/Register/Pharmacy').first().waitFor({ timeout: 15_000 });
    // Opening an operation renders its schemas, the part of the page that sets styles inline.
    await page.getByText('/api/Register/Pharmacy').first().click();
    await page.waitForTimeout(500);
    recordFigure('any', 'csp: violations on /api/docs', problems.length);
    expect(problems).toEqual([]);
    await context.close();
  });
});
