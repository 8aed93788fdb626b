import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { insertReviewStep } from '../../fixtures/conditional-edits.js';
import { currentPath, installFakeApi, press, renderWizard } from './render-wizard.js';
import { loadWizard } from '../../../src/shared/definition/wizard-definition.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

function wizardWithReview() {
  const read = (file: string) => JSON.parse(readFileSync(resolve('schemas', file), 'utf8')) as Record<string, unknown>;
  return loadWizard((file) => {
    const json = read(file);
    if (file === 'wizard.json') insertReviewStep(json);
    return json;
  });
}

const drafts = {
  'pharmacy-info': { name: 'داروخانه رازی', type: 2, service: 11, hasDavajoo: true },
  location: { selectedState: 8, cityId: 301, address: 'خیابان آزادی، پلاک ۱۲', latitude: 35.7, longitude: 51.4 },
};

describe('a review step ("kind": "review")', () => {
  it('lists the answers of the steps before it under their titles, in Persian', async () => {
    installFakeApi();
    await renderWizard({
      wizard: wizardWithReview(),
      route: '/review',
      state: { drafts, completed: ['pharmacy-info', 'location'] },
    });
    const pharmacy = await screen.findByRole('region', { name: 'اطلاعات داروخانه' });
    expect(within(pharmacy).getByText('شبانه‌روزی')).toBeInTheDocument();
    expect(within(pharmacy).getByText('داخل بیمارستان')).toBeInTheDocument();
    expect(within(pharmacy).getByText('بله')).toBeInTheDocument();
    const location = screen.getByRole('region', { name: 'موقعیت داروخانه' });
    await waitFor(() => expect(within(location).getAllByText('تهران').length).toBeGreaterThanOrEqual(2));
    expect(within(location).getByText('عرض ۳۵.۷۰۰۰۰، طول ۵۱.۴۰۰۰۰')).toBeInTheDocument();
    expect(within(location).queryByText(/^51/)).toBeNull();
  });

  it('«ویرایش» opens the step, whose Continue returns to the review', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({
      wizard: wizardWithReview(),
      route: '/review',
      state: { drafts, completed: ['pharmacy-info', 'location'] },
    });
    await press(user, await screen.findByRole('link', { name: 'ویرایش اطلاعات داروخانه' }));
    await waitFor(() => expect(currentPath()).toBe('/pharmacy-info?review=review'));
    await press(user, await screen.findByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(currentPath()).toBe('/review'));
  });
});
