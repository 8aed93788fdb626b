import {
  AT_PHARMACY_INFO,
  field,
  goToManager,
  registrationsNamed,
  title,
  expectNoHorizontalScroll,
  mapRegion,
  acceptTerms,
  answerCaptcha,
  button,
  expect,
  press,
  fa,
  fillLocation,
  fillManager,
  fillPharmacyInfo,
  payloadOf,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  screenshot,
  settledCoordinates,
  startAtWelcome,
  step,
  test,
  theRegistration,
  tierTitle,
  toAscii,
} from './helpers.js';

test('a manager completes every step in Persian and the registration is stored as typed', async ({
  page,
}, testInfo) => {
  const pharmacy = samplePharmacy();

  // 1. /welcome?tier=2: the title, the chosen plan, the start button.
  await startAtWelcome(page, 2);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page.getByText(fa.app.headerTitle).first()).toBeVisible();
  await expect(page.getByText(tierTitle(2)).first()).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, 'welcome');
  await press(page, step('welcome').buttons!.next!);

  // 2. /pharmacy-info
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await expect(page.getByRole('heading', { name: step('pharmacy-info').title })).toBeVisible();
  await fillPharmacyInfo(page, pharmacy);
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, 'pharmacy-info');
  await press(page, step('pharmacy-info').buttons!.next!);

  // 3. /location: province and city fly the map there; the coordinates follow.
  await expect(page).toHaveURL(/\/location$/);
  await expect(page.getByRole('heading', { name: step('location').title })).toBeVisible();
  await fillLocation(page, sampleLocation);
  const coordinates = await settledCoordinates(page);
  await expectNoHorizontalScroll(page);
  await mapRegion(page).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'location');
  await press(page, step('location').buttons!.next!);

  // 4. /manager: Persian digits typed, captcha answered from the fixture bank, rules accepted.
  await expect(page).toHaveURL(/\/manager$/);
  await expect(page.getByRole('heading', { name: step('manager').title })).toBeVisible();
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, 'manager');
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/Register/Pharmacy'));
  await press(page, step('manager').buttons!.submit!);

  // The POST: anti-forgery header equal to the cookie, an Idempotency-Key, 200 with the tracking code.
  const response = await posted;
  const headers = response.request().headers();
  const cookies = await page.context().cookies();
  const xsrfCookie = cookies.find((cookie) => cookie.name.endsWith('XSRF-TOKEN'));
  expect(xsrfCookie, 'the XSRF-TOKEN cookie').toBeTruthy();
  expect(headers['x-xsrf-token']).toBe(decodeURIComponent(xsrfCookie!.value));
  expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/i);
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { message: string; trackingCode: string };

  // 5. /enter: success heading, the server's message and a tracking code.
  await expect(page).toHaveURL(/\/enter$/);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
  await expect(page.getByText(answer.message)).toBeVisible();
  await expectNoHorizontalScroll(page);

  const row = await theRegistration(pharmacy.name);
  const trackingCode = row.tracking_code;
  expect(answer.trackingCode).toBe(trackingCode);
  expect(trackingCode).toMatch(/^[0-9A-Za-z-]{4,}$/);
  await expect
    .poll(async () => toAscii(await page.locator('body').innerText()), { message: 'tracking code shown on /enter' })
    .toContain(trackingCode);
  await screenshot(page, testInfo, 'enter');

  // The database: every field, tier 2, ASCII digits, the coordinates the map showed.
  expect(row).toMatchObject({
    status: 'new',
    tier: 2,
    type: pharmacy.type,
    service: pharmacy.service,
    has_davajoo: 1,
    province_id: sampleLocation.provinceId,
    city_id: sampleLocation.cityId,
    pharmacy_name: pharmacy.name,
    address: sampleLocation.address,
    first_name: sampleManager.firstName,
    last_name: sampleManager.lastName,
    national_code: sampleManager.nationalCode,
    mobile_number: sampleManager.mobile,
  });
  expect(row.latitude).toBeCloseTo(coordinates.latitude, 5);
  expect(row.longitude).toBeCloseTo(coordinates.longitude, 5);
  expect(row.definition_version).toMatch(/\S/);

  const payload = payloadOf(row);
  expect(payload).toMatchObject({
    name: pharmacy.name,
    type: pharmacy.type,
    service: pharmacy.service,
    hasDavajoo: true,
    cityId: sampleLocation.cityId,
    address: sampleLocation.address,
    tier: 2,
    adminData: {
      firstName: sampleManager.firstName,
      lastName: sampleManager.lastName,
      nationalCode: sampleManager.nationalCode,
      mobileNumber: sampleManager.mobile,
    },
  });
  expect(payload.latitude).toBeCloseTo(coordinates.latitude, 5);
  expect(payload.longitude).toBeCloseTo(coordinates.longitude, 5);
  // Not posted (wizard.json#/registration/fields maps them to null).
  expect(payload).not.toHaveProperty('selectedState');
  expect(payload).not.toHaveProperty('acceptTerms');

  // Personal data is forgotten once the result is shown: nothing of it stays in sessionStorage, and
  // starting over shows empty forms.
  const stored = await page.evaluate(() => JSON.stringify(Object.values(sessionStorage)));
  expect(stored).not.toContain(sampleManager.nationalCode);
  expect(stored).not.toContain(pharmacy.name);
  await press(page, fa.ui.result.startOver);
  await expect(page).toHaveURL(/\/welcome/);
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await expect(field(page, title('pharmacy-info', 'name'))).toHaveValue('');
});

test('a double click on «ثبت نهایی» stores one registration', async ({ page }) => {
  const pharmacy = samplePharmacy();
  await goToManager(page, { tier: 1, pharmacy });
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  const submit = button(page, step('manager').buttons!.submit!);
  await submit.scrollIntoViewIfNeeded();
  await submit.dblclick();
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
  const row = await theRegistration(pharmacy.name);
  expect(row.tier).toBe(1);
  // Still one a moment later (a second POST would have landed by now).
  await page.waitForTimeout(500);
  expect(registrationsNamed(pharmacy.name)).toHaveLength(1);
});
