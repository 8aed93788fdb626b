import {
  expectNoAxeViolations,
  acceptTerms,
  answerCaptcha,
  expect,
  press,
  fa,
  field,
  fillManager,
  goToManager,
  registrationsNamed,
  sampleManager,
  samplePharmacy,
  step,
  termsCheckbox,
  test,
  theRegistration,
  title,
  toAscii,
} from './helpers.js';

test('a wrong captcha ends on the failure heading with the server message; «تلاش دوباره» keeps everything and succeeds', async ({
  page,
  problems,
}) => {
  // The refused POST is logged by Chromium as a failed resource: expected here, and only here.
  problems.allow(
    /Failed to load resource: the server responded with a status of 4\d\d .*@ .*\/api\/Register\/Pharmacy/,
  );
  const pharmacy = samplePharmacy();
  await goToManager(page, { tier: 3, pharmacy });
  await fillManager(page, sampleManager);
  await answerCaptcha(page, false);
  await acceptTerms(page);
  await press(page, step('manager').buttons!.submit!);

  await expect(page).toHaveURL(/\/enter$/);
  await expect(page.getByRole('heading', { name: fa.registration.failureHeading })).toBeVisible();
  await expect(page.getByText(fa.errors.captcha_invalid)).toBeVisible();
  expect(registrationsNamed(pharmacy.name)).toHaveLength(0);
  await expectNoAxeViolations(page, '/enter after a failed registration');

  // Try again: back to /manager with everything kept and a fresh captcha.
  const freshCaptcha = page.waitForResponse(
    (response) => response.url().includes('/api/Register/GetCaptcha') && response.status() === 200,
  );
  await press(page, fa.widgets.retry);
  await expect(page).toHaveURL(/\/manager$/);
  await freshCaptcha;
  await expect(field(page, title('manager', 'firstName'))).toHaveValue(sampleManager.firstName);
  await expect(field(page, title('manager', 'lastName'))).toHaveValue(sampleManager.lastName);
  expect(toAscii(await field(page, title('manager', 'nationalCode')).inputValue())).toBe(sampleManager.nationalCode);
  expect(toAscii(await field(page, title('manager', 'mobileNumber')).inputValue()).replace(/\D/g, '')).toBe(
    sampleManager.mobile,
  );
  await expect(termsCheckbox(page)).toBeChecked();
  // The spent answer is not kept: the new question is unanswered.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

  await answerCaptcha(page, true);
  await press(page, step('manager').buttons!.submit!);
  await expect(page).toHaveURL(/\/enter$/);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
  const row = await theRegistration(pharmacy.name);
  expect(row.tier).toBe(3);
});
