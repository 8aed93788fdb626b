import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_KEY, type WizardState } from '../../../src/client/state/wizard-storage.js';
import { fa } from '../../../src/shared/text/strings.fa.js';
import { captcha, currentPath, installFakeApi, press, renderWizard } from './render-wizard.js';
import { validAnswers, withCaptcha } from '../../fixtures/registration.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const manager = withCaptcha({ id: captcha.id, validOptionIndex: 1 });

/** What a manager has filled in by the time they reach /manager (ready to submit). */
function filledIn(): Partial<WizardState> {
  return { tier: 2, completed: ['pharmacy-info', 'location'], drafts: { ...validAnswers, manager } };
}

/** The registration body (schemas/registration.schema.json) for the draft above. */
const { acceptTerms: _accepted, captchaId: _id, captchaAnswer: _answer, ...adminData } = manager;
const { selectedState: _province, ...location } = validAnswers.location;
const expectedBody = {
  ...validAnswers['pharmacy-info'],
  ...location,
  tier: 2,
  adminData,
  captcha: { id: captcha.id, validOptionIndex: 1 },
};

async function openManager() {
  const user = userEvent.setup();
  const app = await renderWizard({ route: '/manager', state: filledIn() });
  expect(await screen.findByRole('heading', { level: 1, name: 'اطلاعات مؤسسه' })).toBeInTheDocument();
  // The captcha is fetched on entering the step.
  expect(await screen.findByText(captcha.question)).toBeInTheDocument();
  return { user, app };
}

describe('final submit on /manager', () => {
  it('posts exactly the registration body with the anti-forgery and idempotency headers, busy meanwhile', async () => {
    const api = installFakeApi();
    document.cookie = 'XSRF-TOKEN=token-from-cookie; path=/';
    let answer: (reply: { status: number; body?: unknown }) => void = () => undefined;
    api.on('POST /api/Register/Pharmacy', () => new Promise((resolve) => (answer = resolve)));
    const { user } = await openManager();

    await press(user, screen.getByRole('button', { name: 'ثبت نهایی' }));
    const busy = await screen.findByRole('button', { name: fa.ui.form.submitting });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    const [post] = api.callsTo('POST /api/Register/Pharmacy');
    expect(post.body).toEqual(expectedBody);
    expect(post.headers['X-XSRF-TOKEN']).toBe('token-from-cookie');
    expect(post.headers['Content-Type']).toBe('application/json');
    expect(post.headers['Idempotency-Key']).toMatch(UUID);

    await press(user, busy).catch(() => undefined); // a second press while busy sends nothing
    expect(api.callsTo('POST /api/Register/Pharmacy')).toHaveLength(1);

    answer({ status: 200, body: { message: 'درخواست شما ثبت شد.', trackingCode: 'PH-7K3Q9' } });
    await waitFor(() => expect(currentPath()).toBe('/enter'));
    expect(await screen.findByRole('heading', { level: 1, name: fa.registration.successHeading })).toBeInTheDocument();
    expect(screen.getByText('درخواست شما ثبت شد.')).toBeInTheDocument();
    expect(screen.getByText('PH-7K3Q9')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fa.ui.result.tryAgain })).not.toBeInTheDocument();
    // Personal data leaves the browser's storage once registered.
    await waitFor(() => {
      const stored = JSON.parse(window.sessionStorage.getItem(DEFAULT_STORAGE_KEY) ?? '{}');
      expect(stored.drafts).toEqual({});
      expect(stored.result).toEqual({ success: true, message: 'درخواست شما ثبت شد.', trackingCode: 'PH-7K3Q9' });
    });
  });

  it('resolves the plan against Register/Config: an unknown ?tier= posts the default plan', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    await renderWizard({ route: '/manager', state: { ...filledIn(), tier: 42 } });
    expect(await screen.findByText(captcha.question)).toBeInTheDocument();
    await press(user, screen.getByRole('button', { name: 'ثبت نهایی' }));
    await waitFor(() => expect(currentPath()).toBe('/enter'));
    expect(api.callsTo('POST /api/Register/Pharmacy')[0].body).toMatchObject({ tier: 1 });
  });

  it('on failure shows the server message on /enter, then "try again" returns with everything kept, the field errors and a fresh captcha', async () => {
    const api = installFakeApi();
    api.on('POST /api/Register/Pharmacy', () => ({
      status: 400,
      body: {
        error: {
          message: 'برخی از اطلاعات درست نیست.',
          code: 'validation',
          fields: { '/adminData/nationalCode': 'این کد ملی در سامانه پذیرفته نشد.' },
        },
      },
    }));
    const { user } = await openManager();
    await press(user, screen.getByRole('button', { name: 'ثبت نهایی' }));

    await waitFor(() => expect(currentPath()).toBe('/enter'));
    expect(await screen.findByRole('heading', { level: 1, name: fa.registration.failureHeading })).toBeInTheDocument();
    expect(screen.getByText('برخی از اطلاعات درست نیست.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fa.ui.result.rulesLink })).toBeInTheDocument();

    await press(user, screen.getByRole('button', { name: fa.ui.result.tryAgain }));
    await waitFor(() => expect(currentPath()).toBe('/manager'));
    // The server's field message, on its field and in the summary.
    await waitFor(() =>
      expect(document.getElementById('root_nationalCode__error')).toHaveTextContent(
        'این کد ملی در سامانه پذیرفته نشد.',
      ),
    );
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: 'این کد ملی در سامانه پذیرفته نشد.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /نام خانوادگی/ })).toHaveValue('احمدی');
    // A new captcha replaced the spent one.
    await waitFor(() => expect(api.callsTo('GET /api/Register/GetCaptcha').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => {
      const stored = JSON.parse(window.sessionStorage.getItem(DEFAULT_STORAGE_KEY) ?? '{}');
      expect(stored.drafts.manager.captchaId).toMatch(/^captcha-[2-9]$/);
    });
  });

  it('uses the default failure text when the failure carries no message of its own, and a new Idempotency-Key per attempt', async () => {
    const api = installFakeApi();
    api.on('POST /api/Register/Pharmacy', () => Promise.reject(new TypeError('socket hang up')));
    const { user } = await openManager();
    await press(user, screen.getByRole('button', { name: 'ثبت نهایی' }));
    await waitFor(() => expect(currentPath()).toBe('/enter'));
    expect(await screen.findByText(fa.errors.network)).toBeInTheDocument();

    api.on('POST /api/Register/Pharmacy', () => ({ status: 200, body: { message: '', trackingCode: 'PH-2' } }));
    await press(user, screen.getByRole('button', { name: fa.ui.result.tryAgain }));
    await waitFor(() => expect(currentPath()).toBe('/manager'));
    // The fresh captcha needs an answer again.
    await user.click(await screen.findByRole('radio', { name: captcha.options[1] }));
    await press(user, screen.getByRole('button', { name: 'ثبت نهایی' }));
    await waitFor(() => expect(currentPath()).toBe('/enter'));
    expect(await screen.findByText(fa.registration.successMessage)).toBeInTheDocument();
    const keys = api.callsTo('POST /api/Register/Pharmacy').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
