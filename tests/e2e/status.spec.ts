/**
 * The status page as a manager tries it: register, follow «پیگیری وضعیت», see «دریافت شد»; come back after a
 * colleague's decision; mistype the number. And /status itself: pre-rendered, none of the form's
 * code, axe-clean.
 */
import Database from 'better-sqlite3';
import { digitsEnToFa } from '@persian-tools/persian-tools';
import type { Page } from '@playwright/test';
import {
  acceptTerms,
  answerCaptcha,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fa,
  faConsole,
  fillManager,
  goToManager,
  press,
  sampleManager,
  samplePharmacy,
  screenshot,
  step,
  test,
  theRegistration,
} from './helpers.js';
import { addColleague, search, signIn } from './staff-helpers.js';

const copy = fa.followup.status;
/** The mobile as a manager types it on a phone: Persian digits and dashes. */
const typedMobile = digitsEnToFa(
  `${sampleManager.mobile.slice(0, 4)}-${sampleManager.mobile.slice(4, 7)}-${sampleManager.mobile.slice(7)}`,
);

function outboxKinds(registrationId: number): string[] {
  const db = new Database(process.env.E2E_DATABASE_FILE ?? '', { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT kind FROM sms_outbox WHERE registration_id = ? ORDER BY id')
      .all(registrationId) as Array<{ kind: string }>;
    return rows.map((row) => row.kind);
  } finally {
    db.close();
  }
}

async function askStatus(page: Page, mobile: string): Promise<void> {
  await page.getByLabel(copy.mobileNumber).fill(mobile);
  await page.getByRole('button', { name: copy.submit }).click();
}

test('a manager registers, follows «پیگیری وضعیت» and sees «دریافت شد»; a colleague approves and the page shows it after a reload', async ({
  page,
  browser,
  problems,
}, testInfo) => {
  const pharmacy = samplePharmacy();
  await goToManager(page, { pharmacy });
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await press(page, step('manager').buttons!.submit!);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
  const registration = await theRegistration(pharmacy.name);

  // «پیگیری وضعیت»: the code travels in the link, never the number.
  await page.getByRole('link', { name: copy.resultLink }).click();
  await expect(page).toHaveURL(new RegExp(`/status\\?code=${registration.tracking_code}$`));
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
  await expect(page.getByLabel(copy.trackingCode)).toHaveValue(registration.tracking_code);

  // A mistyped number first: one message, nothing shown of the registration.
  problems.allow(/404 \(Not Found\)/);
  await askStatus(page, digitsEnToFa('0935-123-4567'));
  await expect(page.getByRole('alert')).toHaveText(fa.followup.errors.status_not_found);
  await expect(page.getByText(pharmacy.name)).toHaveCount(0);

  const asked = page.waitForRequest((request) => request.url().endsWith('/api/Register/Status'));
  await askStatus(page, typedMobile);
  const request = await asked;
  expect(request.method()).toBe('POST');
  expect(request.url()).not.toContain(sampleManager.mobile);
  expect(request.headers()['x-xsrf-token']).toMatch(/\S/);
  await expect(page.getByRole('heading', { name: copy.answerTitle })).toBeVisible();
  await expect(page.locator('.status-answer')).toContainText(copy.statuses.new);
  await expect(page.locator('.status-answer')).toContainText(pharmacy.name);
  await expect(page.locator('.status-answer')).toContainText(copy.next.new);
  await expect(page.locator('.status-answer')).not.toContainText(sampleManager.firstName);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, '/status with an answer');
  await screenshot(page, testInfo, 'status');

  // A colleague approves it in the console, in a browser of their own.
  const colleague = await browser.newPage();
  await signIn(colleague, addColleague('agent', `status-${testInfo.project.name}`));
  await search(colleague, registration.tracking_code);
  await colleague.getByRole('link', { name: registration.tracking_code }).click();
  await colleague
    .getByRole('button', { name: `${faConsole.staff.moveTo} «${faConsole.staff.statuses.contacted}»` })
    .click();
  await expect(colleague.locator('.staff-facts').getByText(faConsole.staff.statuses.contacted)).toBeVisible();
  await colleague
    .getByRole('button', { name: `${faConsole.staff.moveTo} «${faConsole.staff.statuses.approved}»` })
    .click();
  await expect(colleague.locator('.staff-facts').getByText(faConsole.staff.statuses.approved)).toBeVisible();
  await colleague.close();

  // The manager reloads: the code is still in the address, the number is typed again.
  await page.reload();
  await expect(page.getByLabel(copy.trackingCode)).toHaveValue(registration.tracking_code);
  await expect(page.getByLabel(copy.mobileNumber)).toHaveValue('');
  await askStatus(page, typedMobile);
  await expect(page.locator('.status-answer')).toContainText(copy.statuses.approved);
  await expect(page.locator('.status-answer')).toContainText(copy.next.approved);

  // The receipt and the approval were texted (the log provider's outbox), and an admin sees them
  // in the console's outbox, the number masked.
  await expect.poll(() => outboxKinds(registration.id)).toEqual(['receipt', 'approved']);
  // A context of its own (axe needs one): the admin's browser.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fa-IR' });
  const admin = await adminContext.newPage();
  await signIn(admin, addColleague('admin', `outbox-${testInfo.project.name}`));
  await admin.getByRole('navigation').getByRole('link', { name: faConsole.outbox.title }).click();
  await expect(admin).toHaveURL(/\/staff\/outbox$/);
  const rows = admin.locator('tr').filter({ hasText: registration.tracking_code });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: faConsole.outbox.kinds.receipt })).toContainText('0912•••6789');
  await expect(rows.filter({ hasText: faConsole.outbox.kinds.approved })).toContainText(faConsole.outbox.statuses.sent);
  await expect(admin.locator('main')).not.toContainText(sampleManager.mobile);
  await expectNoAxeViolations(admin, "the console's SMS outbox");
  await adminContext.close();
});

test("/status is pre-rendered in the wizard's shell, loads none of the form's code, and is axe-clean; the welcome page links to it", async ({
  page,
  problems,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/welcome');
  await page.getByRole('link', { name: copy.welcomeLink }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();

  scripts.length = 0;
  const html = await (await page.request.get('/status')).text();
  expect(html).toContain('data-prerendered="status"');
  expect(html).toContain(copy.intro);
  expect(html).not.toMatch(/FormStepPage|precompiled|validator-runtime|wizard-full/);
  await page.goto('/status');
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(fa.app.headerTitle).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((script) => /StatusPage-/.test(script))).toBe(true);
  expect(
    scripts.filter((script) =>
      /FormStepPage|precompiled|validator-runtime|wizard-full|LocationMapView|widget-services/.test(script),
    ),
  ).toEqual([]);
  await expectNoAxeViolations(page, '/status');

  // Mistyped answers are told at once, on their fields, in Persian.
  await page.getByLabel(copy.trackingCode).fill('ab-12');
  await askStatus(page, '۰۹۱۲');
  await expect(page.getByLabel(copy.trackingCode)).toHaveAccessibleDescription(new RegExp(copy.codeInvalid));
  await expect(page.getByLabel(copy.mobileNumber)).toHaveAccessibleDescription(new RegExp(copy.mobileInvalid));
  await expect(page.getByLabel(copy.trackingCode)).toBeFocused();
  await expectNoAxeViolations(page, '/status with field errors');

  // A made-up code: the same message as a wrong number.
  problems.allow(/404 \(Not Found\)/);
  await page.getByLabel(copy.trackingCode).fill('zzzz-zzzz');
  await askStatus(page, typedMobile);
  await expect(page.getByRole('alert')).toHaveText(fa.followup.errors.status_not_found);
});
