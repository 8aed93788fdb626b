import {
  AT_PHARMACY_INFO,
  activate,
  acceptTerms,
  answerCaptcha,
  button,
  expect,
  press,
  expectNoAxeViolations,
  fa,
  fillManager,
  goToManager,
  sampleManager,
  samplePharmacy,
  startAtWelcome,
  step,
  test,
  wizard,
} from './helpers.js';

test('axe-core finds no WCAG 2.1 A/AA violation on any step, the rules dialog and the result', async ({ page }) => {
  await startAtWelcome(page, 2);
  await expectNoAxeViolations(page, '/welcome');

  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await expectNoAxeViolations(page, '/pharmacy-info');
  // With the error messages and summary shown, too.
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page.getByRole('link').filter({ hasText: /لطفاً/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/pharmacy-info with errors');

  await goToManager(page, { tier: 2, pharmacy: samplePharmacy() });
  // goToManager passed /location; scan it on the way back.
  await press(page, step('manager').buttons!.back!);
  await expect(page).toHaveURL(/\/location$/);
  await expectNoAxeViolations(page, '/location');
  await press(page, step('location').buttons!.next!);
  await expect(page).toHaveURL(/\/manager$/);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoAxeViolations(page, '/manager');

  // The rules dialog: modal, the four articles, Escape closes it and focus returns to the button.
  const rulesButton = button(page, fa.widgets.terms.rulesButton);
  await activate(rulesButton);
  const dialog = page.getByRole('dialog', { name: wizard.rules.title });
  await expect(dialog).toBeVisible();
  for (const article of wizard.rules.articles) await expect(dialog.getByText(article)).toBeVisible();
  await expectNoAxeViolations(page, '/manager with the rules dialog open');
  // Focus moves into the dialog and stays there on Tab and Shift+Tab.
  await expect(dialog.getByRole('button', { name: fa.widgets.terms.close })).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      `focus inside the dialog after ${key}`,
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rulesButton).toBeFocused();

  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await press(page, step('manager').buttons!.submit!);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
  await expectNoAxeViolations(page, '/enter');
});

test('the pages are served under a Content-Security-Policy without unsafe-eval', async ({ page }) => {
  const response = await page.goto('/welcome');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, 'Content-Security-Policy header of the wizard page').toContain('default-src');
  expect(csp).not.toContain('unsafe-eval');
  // Walk a few steps under it: the fixture fails the test on any CSP violation or console error.
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(AT_PHARMACY_INFO);
  await page.goto('/location');
  await page.goto('/manager');
});
