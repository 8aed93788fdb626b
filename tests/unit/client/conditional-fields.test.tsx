import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_KEY } from '../../../src/client/state/wizard-storage.js';
import { conditionalDefinition, hospitalNameMessages } from '../../fixtures/conditional-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';
import { installFakeApi, press, renderWizard } from './render-wizard.js';

const wizard = loadRealWizard(conditionalDefinition());
const hospital = () => screen.queryByRole('textbox', { name: /نام بیمارستان/ });
const storedDraft = () =>
  JSON.parse(window.sessionStorage.getItem(DEFAULT_STORAGE_KEY) ?? '{}').drafts?.['pharmacy-info'];

describe('a field asked only while its condition holds (if/then in the step schema)', () => {
  it('appears only for «داخل بیمارستان» and blocks Continue with its own message, under the field and in the summary', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({ wizard, route: '/pharmacy-info' });
    const service = await screen.findByRole('combobox', { name: /نوع خدمت/ });
    expect(hospital()).toBeNull();

    await user.selectOptions(service, 'داخل بیمارستان');
    expect(await screen.findByRole('textbox', { name: /نام بیمارستان/ })).toBeInTheDocument();
    expect(document.querySelector('label[for="root_hospitalName"]')).toHaveTextContent('نام بیمارستان *');

    await user.type(screen.getByRole('textbox', { name: /نام داروخانه/ }), 'داروخانه رازی');
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع داروخانه/ }), 'روزانه');
    await user.click(screen.getByRole('button', { name: 'ادامه' }));

    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([hospitalNameMessages.required]);
    expect(document.getElementById('root_hospitalName__error')).toHaveTextContent(hospitalNameMessages.required);
    await waitFor(() => expect(hospital()).toHaveFocus());
  });

  it('loses its answer, in sessionStorage too, when the condition stops holding, and Continue goes on without it', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({ wizard, route: '/pharmacy-info' });
    await user.selectOptions(await screen.findByRole('combobox', { name: /نوع خدمت/ }), 'داخل بیمارستان');
    await user.type(await screen.findByRole('textbox', { name: /نام بیمارستان/ }), 'بیمارستان امام');
    await waitFor(() => expect(storedDraft()).toMatchObject({ hospitalName: 'بیمارستان امام' }), { timeout: 3000 });

    await user.selectOptions(screen.getByRole('combobox', { name: /نوع خدمت/ }), 'خصوصی');
    await waitFor(() => expect(hospital()).toBeNull());
    await waitFor(() => expect(storedDraft()).not.toHaveProperty('hospitalName'), { timeout: 3000 });

    // Back to the hospital: the field is empty again, the old answer is gone for good.
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع خدمت/ }), 'داخل بیمارستان');
    expect(await screen.findByRole('textbox', { name: /نام بیمارستان/ })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع خدمت/ }), 'خصوصی');
    await user.type(screen.getByRole('textbox', { name: /نام داروخانه/ }), 'داروخانه رازی');
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع داروخانه/ }), 'روزانه');
    await press(user, screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() =>
      expect(storedDraft()).toEqual({ name: 'داروخانه رازی', type: 1, service: 1, hasDavajoo: false }),
    );
  });
});
