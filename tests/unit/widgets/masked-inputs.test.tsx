import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyMaskedEdit, caretAfterDigits, formatMasked, mobileDigits } from '../../../widgets/masked/mask.js';
import { renderWidget } from './render-widget.js';

const MASK = '9999-999-9999';

describe('mask logic', () => {
  it('lays digits into the mask, writing a dash only before a following digit', () => {
    expect(formatMasked('0912', MASK)).toBe('0912');
    expect(formatMasked('09123', MASK)).toBe('0912-3');
    expect(formatMasked('09123456789', MASK)).toBe('0912-345-6789');
  });

  it('turns +98, 0098 and a missing 0 into the 11-digit form', () => {
    expect(mobileDigits('+98 912 345 6789')).toBe('09123456789');
    expect(mobileDigits('۰۰۹۸۹۱۲۳۴۵۶۷۸۹')).toBe('09123456789');
    expect(mobileDigits('9123456789')).toBe('09123456789');
    expect(mobileDigits('۰۹۱۲')).toBe('0912');
  });

  it('keeps the caret after the digit it followed when a digit is inserted in the middle', () => {
    // "0912-345-6789" with "5" typed after "0912-3" (caret 6 -> raw caret 7 after insertion).
    const edit = applyMaskedEdit('0912-35', 7, MASK);
    expect(edit.formatted).toBe('0912-35');
    const middle = applyMaskedEdit('0912-3545-678', 7, MASK);
    expect(middle.digits).toBe('09123545678');
    expect(middle.formatted).toBe('0912-354-5678');
    expect(middle.caret).toBe(7);
    expect(caretAfterDigits('0912-354-5678', 7)).toBe(8);
  });
});

describe('mobileNumber widget', () => {
  const setup = (formData?: Record<string, unknown>) =>
    renderWidget({ step: 'manager', fields: ['mobileNumber'], formData });

  it('takes Persian digits and hands RJSF 11 ASCII digits without dashes', async () => {
    const view = setup();
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    await view.user.type(input, '۰۹۱۲۳۴۵۶۷۸۹');
    await waitFor(() => expect(view.data().mobileNumber).toBe('09123456789'));
    expect(input).toHaveValue('۰۹۱۲-۳۴۵-۶۷۸۹');
  });

  it('accepts Arabic-Indic and ASCII digits alike and ignores letters', async () => {
    const view = setup();
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    await view.user.type(input, '٠٩a12-345 67x89');
    await waitFor(() => expect(view.data().mobileNumber).toBe('09123456789'));
  });

  it('stops at 11 digits', async () => {
    const view = setup();
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    await view.user.type(input, '091234567890000');
    await waitFor(() => expect(view.data().mobileNumber).toBe('09123456789'));
  });

  it('accepts a pasted international number', async () => {
    const view = setup();
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    await view.user.click(input);
    await view.user.paste('+98 912 345 6789');
    await waitFor(() => expect(view.data().mobileNumber).toBe('09123456789'));
    expect(input).toHaveValue('۰۹۱۲-۳۴۵-۶۷۸۹');
  });

  it('keeps the caret in place when a digit is fixed in the middle', async () => {
    const view = setup({ mobileNumber: '09120000000' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'شماره همراه' });
    expect(input).toHaveValue('۰۹۱۲-۰۰۰-۰۰۰۰');
    // Select the first "0" after the first dash and replace it.
    input.focus();
    input.setSelectionRange(5, 6);
    await view.user.keyboard('7');
    await waitFor(() => expect(view.data().mobileNumber).toBe('09127000000'));
    expect(input.selectionStart).toBe(6);
    // Backspace right after a dash removes the digit before it, not just the dash.
    input.setSelectionRange(5, 5);
    await view.user.keyboard('{Backspace}');
    await waitFor(() => expect(view.data().mobileNumber).toBe('0917000000'));
    expect(input.selectionStart).toBe(3);
  });

  it('clears to undefined when emptied', async () => {
    const view = setup({ mobileNumber: '0912' });
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(view.data().mobileNumber).toBeUndefined());
  });

  it('is a numeric, LTR, autocomplete-able field with its hint and error wired', () => {
    renderWidget({ step: 'manager', fields: ['mobileNumber'], errors: { mobileNumber: ['شماره درست نیست'] } });
    const input = screen.getByRole('textbox', { name: 'شماره همراه' });
    expect(input).toHaveAttribute('id', 'root_mobileNumber');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'tel-national');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The step's chain: its error (the field has no hint; an id not on the page is dropped).
    expect(input).toHaveAttribute('aria-describedby', 'root_mobileNumber__error');
    expect(input).toHaveAttribute('placeholder', '۰۹۱۲-۳۴۵-۶۷۸۹');
  });

  it('honours disabled', () => {
    renderWidget({ step: 'manager', fields: ['mobileNumber'], disabled: true });
    expect(screen.getByRole('textbox', { name: 'شماره همراه' })).toBeDisabled();
  });
});

describe('nationalCode widget', () => {
  it('caps the value at 10 ASCII digits while accepting Persian digits', async () => {
    const view = renderWidget({ step: 'manager', fields: ['nationalCode'] });
    const input = screen.getByRole('textbox', { name: 'کد ملی' });
    await view.user.type(input, '۰۰۱۲۳۴۵۶۷۸۹۹۹');
    await waitFor(() => expect(view.data().nationalCode).toBe('0012345678'));
    expect((input as HTMLInputElement).value).toHaveLength(10);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows a saved code and is read-only when asked', () => {
    renderWidget({
      step: 'manager',
      fields: ['nationalCode'],
      formData: { nationalCode: '0012345678' },
      readonly: true,
    });
    const input = screen.getByRole('textbox', { name: 'کد ملی' });
    expect(input).toHaveValue('۰۰۱۲۳۴۵۶۷۸');
    expect(input).toHaveAttribute('readonly');
  });
});
