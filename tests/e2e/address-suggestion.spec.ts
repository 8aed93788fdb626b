import { apiPaths } from '../../src/shared/contracts/wizard-api.js';
import { dragMap, expect, fa, fillPharmacyInfo, press, samplePharmacy, step, test } from './helpers.js';
import type { Page } from '@playwright/test';

const SUGGESTED = 'خیابان ولیعصر، کوچه نیلوفر، پلاک ۱۲';
const suggestionText = fa.widgets.address.suggestion.replace('{address}', SUGGESTED);

/**
 * The suite's server has no address service (osm, no MAP_SERVICE_KEY), so its Register/Config says
 * `addressService: false` and the wizard never asks. Here the config says there is one (in the
 * pages' inlined config and in the API's answer), and the address route is answered by the test.
 */
async function offerAddressService(page: Page): Promise<void> {
  const offered = (text: string) => text.replaceAll('"addressService":false', '"addressService":true');
  await page.route(
    (url) =>
      url.pathname === apiPaths.config || (!url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/.test(url.pathname)),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: offered(await response.text()) });
    },
  );
}

/** Answers the address route here, with the config saying the map has an address service. */
async function answerAddress(page: Page, status: number, body: unknown): Promise<URL[]> {
  await offerAddressService(page);
  const asked: URL[] = [];
  await page.route(`**${apiPaths.address}?*`, async (route) => {
    asked.push(new URL(route.request().url()));
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return asked;
}

async function openLocationStep(page: Page) {
  await page.goto('/welcome?tier=2');
  await press(page, step('welcome').buttons!.next!);
  await fillPharmacyInfo(page, samplePharmacy());
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
}

test('a drag of the map offers the address of the pin, and «استفاده» puts it in the box', async ({ page }) => {
  const asked = await answerAddress(page, 200, { address: SUGGESTED });
  await openLocationStep(page);
  const box = page.getByRole('textbox', { name: 'آدرس' });
  await expect(box).toBeVisible();

  await dragMap(page, 90, 70);
  await expect(page.getByText(suggestionText)).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.at(-1)!.searchParams.get('lat')).toMatch(/^\d+(\.\d+)?$/);
  await expect(box).toHaveValue('');

  await page.getByRole('button', { name: fa.widgets.address.useLabel }).click();
  await expect(box).toHaveValue(SUGGESTED);
  await expect(page.getByText(suggestionText)).toHaveCount(0);
});

test('with no address for the point (404), nothing is shown and the step has no error', async ({ page, problems }) => {
  // The browser logs the refused request itself; the page shows nothing of it.
  problems.allow(/status of 404.*Utility\/Address/);
  const asked = await answerAddress(page, 404, {
    error: { code: 'address_unavailable', message: 'نشانی این نقطه در دسترس نیست.' },
  });
  await openLocationStep(page);
  await dragMap(page, 90, 70);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByText(/نشانی پیشنهادی/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: fa.widgets.address.useLabel })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the first lookup of a pre-session buys its pass: a proof of work solved in the browser, sent to the server', async ({
  page,
  problems,
}) => {
  // The browser logs the first, refused lookup itself; the page shows nothing of it.
  problems.allow(/status of 403.*Utility\/Address/);
  await offerAddressService(page);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(`${request.method()} ${new URL(request.url()).pathname}`));
  let passes = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === apiPaths.addressPass && response.status() === 204) passes += 1;
  });
  // The address route is answered here (the suite's server has no map service): refused until the
  // real server has sold this pre-session a pass, then the suggestion.
  await page.route(
    (url) => url.pathname === apiPaths.address,
    async (route) => {
      if (passes === 0) {
        await route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'address_pass', message: fa.errors.address_pass } }),
        });
        return;
      }
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ address: SUGGESTED }),
      });
    },
  );
  await openLocationStep(page);
  await dragMap(page, 90, 70);
  await expect(page.getByText(suggestionText)).toBeVisible({ timeout: 20_000 });
  expect(passes).toBe(1);
  expect(sent.filter((line) => line.includes('/api/Utility/Address'))).toEqual([
    expect.stringMatching(/^GET \/api\/Utility\/Address$/),
    `GET ${apiPaths.addressChallenge}`,
    `POST ${apiPaths.addressPass}`,
    expect.stringMatching(/^GET \/api\/Utility\/Address$/),
  ]);
});
