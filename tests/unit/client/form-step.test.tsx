import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_KEY } from '../../../src/client/state/wizard-storage.js';
import { copyOfRealWizard, currentPath, installFakeApi, press, renderWizard } from './render-wizard.js';

const messages = {
  name: 'لطفاً نام داروخانه را بنویسید.',
  type: 'لطفاً نوع داروخانه را انتخاب کنید.',
  service: 'لطفاً نوع خدمت را انتخاب کنید.',
};

describe('a form step rendered from its schema', () => {
  it('labels fields from the schema titles, with an asterisk on required ones', async () => {
    installFakeApi();
    await renderWizard({ route: '/pharmacy-info' });
    const name = await screen.findByRole('textbox', { name: /نام داروخانه/ });
    expect(name).toHaveAttribute('id', 'root_name');
    expect(document.querySelector('label[for="root_name"]')).toHaveTextContent('نام داروخانه *');
    expect(screen.getByRole('combobox', { name: /نوع داروخانه/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /دواجو/ })).toBeInTheDocument();
    expect(document.querySelector('label[for="root_name"] .field__required')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'ادامه' })).toHaveAttribute('type', 'submit');
  });

  it('blocks Continue on an empty form with the Persian messages of the schemas and a summary whose links focus the fields', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({ route: '/pharmacy-info' });
    await user.click(await screen.findByRole('button', { name: 'ادامه' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'لطفاً موارد زیر را اصلاح کنید:' })).toBeInTheDocument();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([messages.name, messages.type, messages.service]);

    // Under each field, wired to it.
    const name = screen.getByRole('textbox', { name: /نام داروخانه/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain('root_name__error');
    expect(document.getElementById('root_name__error')).toHaveTextContent(messages.name);
    expect(document.getElementById('root_type__error')).toHaveTextContent(messages.type);
    expect(document.getElementById('root_service__error')).toHaveTextContent(messages.service);

    // Focus went to the first invalid field; a summary link moves it to its field.
    await waitFor(() => expect(name).toHaveFocus());
    await user.click(links[2]);
    expect(screen.getByRole('combobox', { name: /نوع خدمت/ })).toHaveFocus();

    expect(currentPath()).toBe('/pharmacy-info');
  });

  it('goes on when valid, normalises what was typed, refills on return and keeps the draft across a reload', async () => {
    installFakeApi();
    const user = userEvent.setup();
    const app = await renderWizard({ route: '/pharmacy-info' });
    // Arabic yeh and kaf and stray spaces: stored as Persian text, trimmed.
    await user.type(await screen.findByRole('textbox', { name: /نام داروخانه/ }), '  داروخانه دكتر رازي ');
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع داروخانه/ }), 'شبانه‌روزی');
    await user.selectOptions(screen.getByRole('combobox', { name: /نوع خدمت/ }), 'هلال احمر');
    await user.click(screen.getByRole('checkbox', { name: /دواجو/ }));
    await press(user, screen.getByRole('button', { name: 'ادامه' }));

    await waitFor(() => expect(currentPath()).toBe('/location'));
    expect(await screen.findByRole('heading', { level: 1, name: 'موقعیت داروخانه' })).toBeInTheDocument();
    const stored = JSON.parse(window.sessionStorage.getItem(DEFAULT_STORAGE_KEY) ?? '{}');
    expect(stored.drafts['pharmacy-info']).toEqual({
      name: 'داروخانه دکتر رازی',
      type: 2,
      service: 3,
      hasDavajoo: true,
    });
    expect(stored.completed).toEqual(['pharmacy-info']);

    await press(user, await screen.findByRole('button', { name: 'مرحله قبل' }));
    await waitFor(() => expect(currentPath()).toBe('/pharmacy-info'));
    expect(await screen.findByRole('textbox', { name: /نام داروخانه/ })).toHaveValue('داروخانه دکتر رازی');
    expect(screen.getByRole('combobox', { name: /نوع داروخانه/ })).toHaveDisplayValue('شبانه‌روزی');
    expect(screen.getByRole('checkbox', { name: /دواجو/ })).toBeChecked();

    await app.reload('/pharmacy-info');
    expect(await screen.findByRole('textbox', { name: /نام داروخانه/ })).toHaveValue('داروخانه دکتر رازی');
    expect(screen.getByRole('combobox', { name: /نوع خدمت/ })).toHaveDisplayValue('هلال احمر');
  });

  it('shows the field message of the keyword that failed (minLength here)', async () => {
    installFakeApi();
    const user = userEvent.setup();
    await renderWizard({ route: '/pharmacy-info' });
    await user.type(await screen.findByRole('textbox', { name: /نام داروخانه/ }), 'ر');
    await user.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(
      await screen.findByText('نام داروخانه دست‌کم ۲ حرف است.', { selector: '#root_name__error *' }),
    ).toBeInTheDocument();
  });
});

describe('a definition edited in JSON only', () => {
  it('renders a field added to a step schema, with its title, hint and message', async () => {
    installFakeApi();
    const user = userEvent.setup();
    const wizard = copyOfRealWizard();
    const step = wizard.steps.find((candidate) => candidate.id === 'pharmacy-info')!;
    const schema = step.jsonSchema as { properties: Record<string, unknown>; required: string[] };
    schema.properties.licence = {
      type: 'string',
      title: 'شماره پروانه',
      pattern: '^[0-9]{6,10}$',
      errorMessage: { required: 'لطفاً شماره پروانه را بنویسید.', pattern: 'شماره پروانه ۶ تا ۱۰ رقم است.' },
    };
    schema.required.push('licence');
    step.ui = {
      ...step.ui,
      'ui:order': ['licence', '*'],
      licence: { 'ui:help': 'همان شماره‌ای که روی پروانه آمده است.' },
    };
    await renderWizard({ wizard, route: '/pharmacy-info' });

    const licence = await screen.findByRole('textbox', { name: /شماره پروانه/ });
    expect(licence).toHaveAccessibleDescription(/همان شماره‌ای که روی پروانه آمده است/);
    await user.type(licence, '۱۲۳');
    await user.click(screen.getByRole('button', { name: 'ادامه' }));
    const links = within(await screen.findByRole('alert')).getAllByRole('link');
    expect(links[0]).toHaveTextContent('شماره پروانه ۶ تا ۱۰ رقم است.');
    await waitFor(() => expect(licence).toHaveFocus());
    expect(currentPath()).toBe('/pharmacy-info');
  });
});

describe('the plan (?tier=)', () => {
  it('shows the plan asked for in the link', async () => {
    const api = installFakeApi();
    await renderWizard({ route: '/welcome?tier=2' });
    expect(await screen.findByText('طرح پایه')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/Statistic/Register')).toHaveLength(1));
    expect(api.callsTo('GET /api/Statistic/Register')[0].url).toBe('/api/Statistic/Register?tier=2');
    expect(screen.getByRole('link', { name: 'شروع ثبت‌نام' })).toHaveAttribute('href', '/pharmacy-info');
    expect(JSON.parse(window.sessionStorage.getItem(DEFAULT_STORAGE_KEY) ?? '{}').tier).toBe(2);
  });

  it('counts the step reached once for the funnel, with the plan', async () => {
    const api = installFakeApi();
    await renderWizard({ route: '/welcome?tier=2' });
    expect(await screen.findByText('طرح پایه')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/Statistic/Step')).toHaveLength(1));
    expect(api.callsTo('GET /api/Statistic/Step')[0].url).toBe('/api/Statistic/Step?step=1&tier=2');
  });

  it('falls back to the default plan when the link has none or an unknown one', async () => {
    installFakeApi();
    await renderWizard({ route: '/welcome' });
    expect(await screen.findByText('طرح آزمایشی')).toBeInTheDocument();
  });

  it('treats an unknown plan as the default', async () => {
    installFakeApi();
    await renderWizard({ route: '/welcome?tier=9' });
    expect(await screen.findByText('طرح آزمایشی')).toBeInTheDocument();
  });

  it('reads Persian digits in the link', async () => {
    installFakeApi();
    await renderWizard({ route: '/welcome?tier=۳' });
    expect(await screen.findByText('طرح پیشرفته')).toBeInTheDocument();
  });
});
