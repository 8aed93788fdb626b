import {
  AT_PHARMACY_INFO,
  activate,
  answerCaptcha,
  button,
  choose,
  expect,
  press,
  field,
  fillManager,
  goToManager,
  message,
  optionTitle,
  sampleManager,
  samplePharmacy,
  step,
  termsCheckbox,
  test,
  title,
} from './helpers.js';
import type { Locator, Page } from '@playwright/test';

/** The error summary at the top of the form: an alert or a titled region listing the problems. */
function errorSummary(page: Page): Locator {
  return page
    .getByRole('alert')
    .filter({ has: page.getByRole('link') })
    .or(page.getByRole('region').filter({ has: page.getByRole('link') }));
}

async function expectFieldError(page: Page, label: string, text: string): Promise<void> {
  const control = field(page, label);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test('an invalid Continue on /pharmacy-info is blocked with the schema messages, a summary and focus', async ({
  page,
}) => {
  await page.goto('/pharmacy-info');
  const next = button(page, step('pharmacy-info').buttons!.next!);
  await activate(next);

  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  const messages = [
    message('pharmacy-info', 'name'),
    message('pharmacy-info', 'type'),
    message('pharmacy-info', 'service'),
  ];
  const summary = errorSummary(page).first();
  await expect(summary).toBeVisible();
  for (const text of messages) {
    await expect(summary.getByRole('link', { name: text })).toBeVisible();
  }
  await expectFieldError(page, title('pharmacy-info', 'name'), messages[0]);
  await expectFieldError(page, title('pharmacy-info', 'type'), messages[1]);
  await expectFieldError(page, title('pharmacy-info', 'service'), messages[2]);
  await expect(field(page, title('pharmacy-info', 'name'))).toBeFocused();

  // A summary link takes the manager to its field.
  await activate(summary.getByRole('link', { name: messages[2] }));
  await expect(field(page, title('pharmacy-info', 'service'))).toBeFocused();

  // Too short a name: the minLength message; the other fields fixed.
  await field(page, title('pharmacy-info', 'name')).fill('ر');
  await choose(page, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', 1));
  await choose(page, title('pharmacy-info', 'service'), optionTitle('pharmacy-info', 'service', 1));
  await activate(next);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await expectFieldError(page, title('pharmacy-info', 'name'), message('pharmacy-info', 'name', 'minLength'));
  await expect(field(page, title('pharmacy-info', 'name'))).toBeFocused();

  // Fixed: Continue goes on. (Leaving the field first: a corrected field re-validates on blur; the
  // click that causes that blur is the subject of the next test.)
  await field(page, title('pharmacy-info', 'name')).fill('داروخانه دکتر رازی');
  await field(page, title('pharmacy-info', 'name')).blur();
  await activate(next);
  await expect(page).toHaveURL(/\/location$/);
});

test('a human-speed click on Continue right after correcting a field is not lost to a layout shift', async ({
  page,
}) => {
  await page.goto('/pharmacy-info');
  const next = button(page, step('pharmacy-info').buttons!.next!);
  await activate(next);
  await expect(field(page, title('pharmacy-info', 'name'))).toHaveAttribute('aria-invalid', 'true');
  await choose(page, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', 1));
  await choose(page, title('pharmacy-info', 'service'), optionTitle('pharmacy-info', 'service', 1));
  await field(page, title('pharmacy-info', 'name')).fill('داروخانه دکتر رازی');

  // Press the mouse on Continue while the corrected name field still has focus, hold it as a person
  // does (~120 ms), release: the button must still be under the pointer, and the step must go on.
  await next.scrollIntoViewIfNeeded();
  const box = (await next.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  await page.waitForTimeout(120);
  const under = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button, a')?.textContent ?? null,
    point,
  );
  await page.mouse.up();
  expect(under, 'the element under the pointer when the button is released').toBe(step('pharmacy-info').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
});

test('an invalid /location is blocked with its messages and focus on the province', async ({ page }) => {
  await page.goto('/pharmacy-info');
  await field(page, title('pharmacy-info', 'name')).fill('داروخانه دکتر رازی');
  await choose(page, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', 1));
  await choose(page, title('pharmacy-info', 'service'), optionTitle('pharmacy-info', 'service', 1));
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
  // The step as the manager sees it once loaded (the province list arrives with Utility/Locations).
  await expect(field(page, title('location', 'selectedState'))).toBeEnabled();

  await press(page, step('location').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
  const summary = errorSummary(page).first();
  for (const [name, text] of [
    ['selectedState', message('location', 'selectedState')],
    ['cityId', message('location', 'cityId')],
    ['address', message('location', 'address')],
  ] as const) {
    await expect(summary.getByRole('link', { name: text })).toBeVisible();
    await expectFieldError(page, title('location', name), text);
  }
  await expect(field(page, title('location', 'selectedState'))).toBeFocused();
});

test('an invalid final submit on /manager is blocked: bad national code, no captcha answer, rules not accepted', async ({
  page,
}) => {
  await goToManager(page, { pharmacy: samplePharmacy() });
  await fillManager(page, { ...sampleManager, nationalCodeTyped: '۰۶۸۴۱۵۹۴۱۵', nationalCode: '0684159415' });
  await press(page, step('manager').buttons!.submit!);
  await expect(page).toHaveURL(/\/manager$/);

  const summary = errorSummary(page).first();
  await expect(summary.getByRole('link', { name: message('manager', 'nationalCode', 'format') })).toBeVisible();
  await expect(summary.getByRole('link', { name: message('manager', 'captchaAnswer') })).toBeVisible();
  await expect(summary.getByRole('link', { name: message('manager', 'acceptTerms') })).toBeVisible();
  await expectFieldError(page, title('manager', 'nationalCode'), message('manager', 'nationalCode', 'format'));
  await expect(field(page, title('manager', 'nationalCode'))).toBeFocused();

  // The national code accepts at most 10 characters.
  const nationalCode = field(page, title('manager', 'nationalCode'));
  await nationalCode.fill('');
  await nationalCode.pressSequentially('۰۴۹۹۳۷۰۸۹۹۱۲');
  await expect(nationalCode).toHaveValue(/^.{10}$/);

  // Fixing the code moves the focus on to the captcha on the next try.
  await nationalCode.fill('');
  await nationalCode.pressSequentially(sampleManager.nationalCodeTyped);
  await nationalCode.blur();
  await press(page, step('manager').buttons!.submit!);
  await expect(page).toHaveURL(/\/manager$/);
  await expect(page.getByRole('radio').first()).toBeFocused();
  await answerCaptcha(page, true);
  await press(page, step('manager').buttons!.submit!);
  await expect(page).toHaveURL(/\/manager$/);
  await expect(termsCheckbox(page)).toBeFocused();
});
