/**
 * Pieces of the console's end-to-end tests: colleagues made with the command line as an admin
 * makes them, signing in, and registrations posted through the public API as a manager's browser
 * posts them (session, anti-forgery header, a captcha from the fixture bank), so a test gets many
 * real cases without walking the wizard for each.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths, XSRF_COOKIE, XSRF_HEADER } from '../../src/shared/contracts/wizard-api.js';
import type { Captcha, RegistrationAnswer } from '../../src/shared/contracts/wizard-api.schemas.js';
import { faDigits } from '../../src/shared/text/persian.js';
import { validRegistrationForm } from '../fixtures/registration-form.js';
import { expect, expectNoAxeViolations, faConsole } from './helpers.js';
import { projectRoot } from './server.js';

export const STAFF_PASSWORD = 'a long e2e password';

/** `npm run staff` as an admin runs it on the server, the password on standard input. */
export function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', ...args], {
    cwd: projectRoot,
    input: `${STAFF_PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}` },
    encoding: 'utf8',
  });
}

/** A colleague of a role, with an e-mail of this test and project only. */
export function addColleague(role: 'agent' | 'admin' | 'editor', who: string): string {
  const email = `${who}-${randomUUID().slice(0, 8)}@example.ir`;
  expect(staffCli('add', email, '--role', role)).toContain('Added');
  return email;
}

/** Signs in on the form the console shows at whatever address the page is at (default /staff). */
export async function signIn(page: Page, email: string, address = '/staff'): Promise<void> {
  await page.goto(address);
  await expect(page.getByRole('heading', { name: faConsole.staff.signIn })).toBeVisible();
  await page.getByLabel(faConsole.staff.email).fill(email);
  await page.getByLabel(faConsole.staff.password).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: faConsole.staff.signIn }).click();
  await expect(page.getByText(faConsole.staff.title)).toBeVisible();
}

/** Signs in and checks the sign-in form with axe first. */
export async function signInChecked(page: Page, email: string, address = '/staff'): Promise<void> {
  await page.goto(address);
  await expect(page.getByRole('heading', { name: faConsole.staff.signIn })).toBeVisible();
  await expectNoAxeViolations(page, 'staff sign-in');
  await signIn(page, email, address);
}

/** The list's search: types the text and submits the filters. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: faConsole.staff.search }).fill(text);
  await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
}

/** The fixture bank's questions quote their right option in «…». */
function solve(captcha: Captcha): number {
  const quoted = /«([^»]+)»/.exec(captcha.question)?.[1];
  const index = captcha.options.findIndex((option) => option === quoted);
  if (index < 0) throw new Error(`cannot solve captcha: ${captcha.question}`);
  return index;
}

/** Registers the suites' one valid pharmacy under a name of its own; returns its tracking code. */
export async function registerThroughApi(api: APIRequestContext, name: string): Promise<string> {
  const config = await api.get(apiPaths.config);
  expect(config.ok()).toBe(true);
  const token = (await api.storageState()).cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value;
  const captcha = (await (await api.get(apiPaths.captcha)).json()) as Captcha;
  const body = { ...validRegistrationForm({ id: captcha.id, validOptionIndex: solve(captcha) }), name };
  const answer = await api.post(apiPaths.registration, {
    data: body,
    headers: { [XSRF_HEADER]: token ?? '', 'idempotency-key': randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as RegistrationAnswer).trackingCode;
}

/** A mobile as the console writes it: ۰۹۱۲ ۳۴۵ ۶۷۸۹. */
export function mobileAsShown(mobile: string): string {
  return faDigits(`${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`);
}
