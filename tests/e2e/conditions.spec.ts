/**
 * Conditional fields and steps tried as product staff would, on a copy of the definitions built on its own
 * (conditional-build.ts): the hospital-name field asked only for «داخل بیمارستان», and a step only
 * night pharmacies see.
 */
import type { Page } from '@playwright/test';
import { buildConditionalClient } from './conditional-build.js';
import { startServer, type StartedServer } from './server.js';
import { AT_PHARMACY_INFO, choose, expect, field, press, test } from './helpers.js';
import { hospitalNameMessages, nightPharmacistMessages } from '../fixtures/conditional-definition.js';

let server: StartedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A production build of the copy (vite) and a server of its own: minutes on a busy machine, once.
  test.setTimeout(300_000);
  const build = buildConditionalClient();
  server = await startServer(build);
});

test.afterAll(async () => {
  await server?.stop();
});

const storedDraft = (page: Page) =>
  page.evaluate(() => {
    // The state of the version the tab is on: one key per version (src/client/state/version-drafts.ts).
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('pharmacy-wizard:v1@'));
    return JSON.parse((key && sessionStorage.getItem(key)) ?? '{}').drafts?.['pharmacy-info'] ?? {};
  });

test('the hospital name is asked only for «داخل بیمارستان», with its own message, and leaves with its condition', async ({
  page,
}) => {
  await page.goto(`${server.baseURL}/pharmacy-info`);
  const hospital = field(page, 'نام بیمارستان');
  await expect(field(page, 'نام داروخانه')).toBeVisible();
  await expect(hospital).toHaveCount(0);

  await field(page, 'نام داروخانه').fill('داروخانه رازی');
  await choose(page, 'نوع داروخانه', 'روزانه');
  await choose(page, 'نوع خدمت', 'داخل بیمارستان');
  await expect(hospital).toBeVisible();
  await press(page, 'ادامه');
  await expect(page.locator('#root_hospitalName__error')).toContainText(hospitalNameMessages.required);
  await expect(page.getByRole('alert').getByRole('link', { name: hospitalNameMessages.required })).toBeVisible();

  await hospital.fill('بیمارستان امام');
  await expect.poll(() => storedDraft(page)).toMatchObject({ hospitalName: 'بیمارستان امام' });
  await choose(page, 'نوع خدمت', 'خصوصی');
  await expect(hospital).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect.poll(() => storedDraft(page)).not.toHaveProperty('hospitalName');
  await choose(page, 'نوع خدمت', 'داخل بیمارستان');
  await expect(hospital).toHaveValue('');
});

test('the night-shift step is shown, numbered and required only for «شبانه‌روزی», and skipped otherwise', async ({
  page,
}) => {
  await page.goto(`${server.baseURL}/pharmacy-info`);
  await field(page, 'نام داروخانه').fill('داروخانه شبانه');
  await choose(page, 'نوع داروخانه', 'شبانه‌روزی');
  await choose(page, 'نوع خدمت', 'خصوصی');
  await expect(page.locator('.stepper__item')).toHaveCount(6);
  await press(page, 'ادامه');
  await expect(page).toHaveURL(/\/night-shift$/);
  await expect(page.locator('.stepper__caption')).toContainText('مرحله ۳ از ۶');
  await press(page, 'ادامه');
  await expect(page.locator('#root_nightPharmacist__error')).toContainText(nightPharmacistMessages.required);

  await press(page, 'مرحله قبل');
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await choose(page, 'نوع داروخانه', 'روزانه');
  await expect(page.locator('.stepper__item')).toHaveCount(5);
  await press(page, 'ادامه');
  await expect(page).toHaveURL(/\/location$/);
  await expect(page.locator('.stepper__caption')).toContainText('مرحله ۳ از ۵');
  await page.goto(`${server.baseURL}/night-shift`);
  await expect(page).not.toHaveURL(/\/night-shift$/);
});
