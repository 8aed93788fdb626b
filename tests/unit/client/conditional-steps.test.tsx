import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { conditionalDefinition, NIGHT_TYPE } from '../../fixtures/conditional-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';
import { currentPath, installFakeApi, press, renderWizard } from './render-wizard.js';

const wizard = loadRealWizard(conditionalDefinition());
const pharmacy = { name: 'داروخانه رازی', service: 1, hasDavajoo: false };
const stepperTitles = () =>
  [...document.querySelectorAll('.stepper__item .stepper__title')].map(
    (item) => item.lastChild?.textContent ?? item.textContent,
  );
const caption = () => document.querySelector('.stepper__caption')?.textContent ?? '';

describe('a step shown only for some earlier answers (wizard.json "when")', () => {
  it('is left out of the stepper, whose numbers close up, and skipped by Continue and Previous', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({
      wizard,
      route: '/pharmacy-info',
      state: { drafts: { 'pharmacy-info': { ...pharmacy, type: 1 } } },
    });
    await screen.findByRole('textbox', { name: /نام داروخانه/ });
    expect(document.querySelectorAll('.stepper__item')).toHaveLength(5);
    expect(stepperTitles()).not.toContain('شیفت شب');
    expect(caption()).toContain('مرحله ۲ از ۵');

    await press(user, screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(currentPath()).toBe('/location'));
    expect(caption()).toContain('مرحله ۳ از ۵');
    await press(user, await screen.findByRole('button', { name: 'مرحله قبل' }));
    await waitFor(() => expect(currentPath()).toBe('/pharmacy-info'));
  });

  it('is numbered and walked through when the earlier answers call for it', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({
      wizard,
      route: '/pharmacy-info',
      state: { drafts: { 'pharmacy-info': { ...pharmacy, type: NIGHT_TYPE } } },
    });
    await screen.findByRole('textbox', { name: /نام داروخانه/ });
    expect(document.querySelectorAll('.stepper__item')).toHaveLength(6);
    expect(caption()).toContain('مرحله ۲ از ۶');

    await press(user, screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(currentPath()).toBe('/night-shift'));
    expect(caption()).toContain('مرحله ۳ از ۶');
    await user.click(await screen.findByRole('button', { name: 'ادامه' }));
    expect(
      await screen.findByText('لطفاً نام داروساز شیفت شب را بنویسید.', { selector: '#root_nightPharmacist__error *' }),
    ).toBeInTheDocument();
  });

  it('cannot be opened by its address while it is skipped', async () => {
    installFakeApi();
    await renderWizard({
      wizard,
      route: '/night-shift',
      state: { drafts: { 'pharmacy-info': { ...pharmacy, type: 1 } }, completed: ['pharmacy-info'] },
    });
    await waitFor(() => expect(currentPath()).not.toBe('/night-shift'));
  });
});
