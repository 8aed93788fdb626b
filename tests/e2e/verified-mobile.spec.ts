/**
 * The verified mobile as product staff turn it on: the worked example's one line
 * (`"verify": "sms"`) on a copy of the definitions served by a server of its own, SMS_PROVIDER=log,
 * and the code read from the log provider's outbox as the phone would show it.
 */
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { projectRoot, startServer, type StartedServer } from './server.js';
import {
  acceptTerms,
  answerCaptcha,
  expect,
  expectNoAxeViolations,
  fa,
  field,
  fillLocation,
  fillManager,
  fillPharmacyInfo,
  AT_PHARMACY_INFO,
  sampleLocation,
  press,
  sampleManager,
  samplePharmacy,
  step,
  test,
  title,
} from './helpers.js';
import { VERIFY_MESSAGE, verifiedDefinition } from '../fixtures/verified-definition.js';

let server: StartedServer;
const otp = fa.followup.otp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A server of its own on a fresh database, whose first version is the copy: the wizard reads its
  // definition (and the server renders its pages) from there, with the one build.
  test.setTimeout(120_000);
  server = await startServer({ schemasDir: verifiedDefinition(), clientDir: join(projectRoot, 'dist', 'client') });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The latest code texted to the number, from the outbox (the log provider keeps it two minutes). */
async function codeTextedTo(mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
        try {
          const row = db
            .prepare("SELECT token, status FROM sms_outbox WHERE kind = 'code' AND receptor = ? ORDER BY id DESC")
            .get(mobile) as { token: string | null; status: string } | undefined;
          code = row?.status === 'sent' && row.token ? row.token : undefined;
          return code;
        } finally {
          db.close();
        }
      },
      { message: `a code sent to ${mobile}` },
    )
    .toMatch(/^\d{5}$/);
  return code!;
}

const mobileField = (page: Page) => field(page, title('manager', 'mobileNumber'));

test('a manager confirms the mobile with the texted code; the step waits for it, and another number undoes it', async ({
  page,
  problems,
}, testInfo) => {
  const pharmacy = samplePharmacy();
  const mobile = testInfo.project.name === 'phone' ? '09121112233' : '09124445566';
  // This spec's own server, not the suite's: from its welcome page on, the wizard's own links.
  await page.goto(`${server.baseURL}/welcome`);
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await fillPharmacyInfo(page, pharmacy);
  await press(page, step('pharmacy-info').buttons!.next!);
  await fillLocation(page, sampleLocation);
  await press(page, step('location').buttons!.next!);
  await expect(page).toHaveURL(/\/manager$/);
  await fillManager(page, { ...sampleManager, mobileTyped: mobile, mobile });
  await answerCaptcha(page, true);
  await acceptTerms(page);

  // Not verified: the step does not go on, and says why on the field.
  await press(page, step('manager').buttons!.submit!);
  await expect(page.locator('#root_mobileNumber__error')).toContainText(VERIFY_MESSAGE);
  await expect(page).toHaveURL(/\/manager$/);
  await expectNoAxeViolations(page, '/manager with an unverified number');

  await page.getByRole('button', { name: otp.send }).click();
  await expect(page.getByText(otp.sent)).toBeVisible();
  await expect(page.getByRole('button', { name: /ارسال دوباره تا/ })).toBeDisabled();
  const code = await codeTextedTo(mobile);

  // A wrong code first: refused, with the tries left.
  problems.allow(/400 \(Bad Request\)/);
  const wrong = String((Number(code) + 1) % 100000).padStart(5, '0');
  await page.getByLabel(otp.codeLabel).fill(wrong);
  await page.getByRole('button', { name: otp.confirm }).click();
  await expect(page.getByText('کد درست نیست؛ ۲ بار دیگر می‌توانید تلاش کنید.')).toBeVisible();

  await page.getByLabel(otp.codeLabel).fill(code.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]));
  await page.getByRole('button', { name: otp.confirm }).click();
  await expect(page.getByText(otp.verified)).toBeVisible();
  await expect(page.locator('#root_mobileNumber__error')).not.toContainText(VERIFY_MESSAGE);
  await expectNoAxeViolations(page, '/manager with a verified number');

  // Another number is not verified; the verified one is again.
  await mobileField(page).press('End');
  await mobileField(page).press('Backspace');
  await expect(page.getByRole('button', { name: otp.send })).toBeVisible();
  await mobileField(page).press(mobile.slice(-1));
  await expect(page.getByText(otp.verified)).toBeVisible();

  await press(page, step('manager').buttons!.submit!);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
});
