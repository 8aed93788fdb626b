import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captcha } from './fixtures.js';
import { renderWidget } from './render-widget.js';

const fields = ['captchaAnswer', 'captchaId'];

afterEach(() => vi.unstubAllGlobals());

function serveCaptchas(...answers: unknown[]) {
  const queue = [...answers];
  const fetchMock = vi.fn(async () => {
    const body = queue.shift();
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('captcha widget', () => {
  it('shows the question as a radio group and writes the captcha id into its sibling field', async () => {
    const view = renderWidget({ step: 'manager', fields, api: { captcha: captcha(1) } });
    const group = screen.getByRole('radiogroup', { name: 'پرسش شماره 1' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[0]).toHaveAttribute('id', 'root_captchaAnswer');
    expect(radios[0]).toHaveAccessibleName('گزینه یک');
    await waitFor(() => expect(view.data().captchaId).toBe('captcha-1'));
    expect(view.onSetField).toHaveBeenCalledWith('captchaId', 'captcha-1');
  });

  it('stores the chosen option as its index', async () => {
    const view = renderWidget({ step: 'manager', fields, api: { captcha: captcha(1) } });
    await view.user.click(screen.getByRole('radio', { name: 'گزینه سه' }));
    expect(view.data().captchaAnswer).toBe(2);
    expect(screen.getByRole('radio', { name: 'گزینه سه' })).toBeChecked();
  });

  it('«پرسش تازه» fetches a new question, sets its id and clears the old answer', async () => {
    const fetchMock = serveCaptchas(captcha(2));
    const view = renderWidget({ step: 'manager', fields, api: { captcha: captcha(1) } });
    await view.user.click(screen.getByRole('radio', { name: 'گزینه دو' }));
    expect(view.data().captchaAnswer).toBe(1);
    await view.user.click(screen.getByRole('button', { name: 'پرسش تازه' }));
    await screen.findByRole('radiogroup', { name: 'پرسش شماره 2' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/Register/GetCaptcha');
    await waitFor(() => expect(view.data().captchaId).toBe('captcha-2'));
    expect(view.data().captchaAnswer).toBeUndefined();
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it('keeps an answer given to the captcha already in the form (returning to the step)', async () => {
    const view = renderWidget({
      step: 'manager',
      fields,
      api: { captcha: captcha(1) },
      formData: { captchaId: 'captcha-1', captchaAnswer: 0 },
    });
    expect(screen.getByRole('radio', { name: 'گزینه یک' })).toBeChecked();
    expect(view.onSetField).not.toHaveBeenCalled();
    expect(view.data().captchaAnswer).toBe(0);
  });

  it('shows a Persian loading note, focusable by the field id', () => {
    renderWidget({ step: 'manager', fields, api: { captcha: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('در حال بارگیری پرسش امنیتی');
    expect(screen.getByRole('status')).toHaveAttribute('id', 'root_captchaAnswer');
  });

  it('shows a Persian error whose retry fetches a captcha', async () => {
    serveCaptchas(captcha(3));
    const view = renderWidget({ step: 'manager', fields, api: { captcha: 'error' } });
    expect(screen.getByRole('alert')).toHaveTextContent('پرسش امنیتی بارگیری نشد.');
    await view.user.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    await screen.findByRole('radiogroup', { name: 'پرسش شماره 3' });
    await waitFor(() => expect(view.data().captchaId).toBe('captcha-3'));
  });

  it('marks the radio group invalid with the error wired to each radio, and honours disabled', () => {
    renderWidget({
      step: 'manager',
      fields,
      api: { captcha: captcha(1) },
      errors: { captchaAnswer: ['لطفاً به پرسش امنیتی پاسخ دهید.'] },
      disabled: true,
    });
    // ARIA puts aria-invalid on the radiogroup, not on its radios.
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    const first = screen.getByRole('radio', { name: 'گزینه یک' });
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(first).toHaveAttribute('aria-describedby', 'root_captchaAnswer__error');
    expect(first).toBeDisabled();
    expect(screen.getByRole('button', { name: 'پرسش تازه' })).toBeDisabled();
  });
});
