import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget } from './render-widget.js';

const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');

afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', original);
});

describe('addressTextarea widget', () => {
  it('takes the address, with the schema maxLength, the rows option and the ui:help hint wired', async () => {
    const view = renderWidget({ step: 'location', fields: ['address'] });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    expect(textarea).toHaveAttribute('id', 'root_address');
    expect(textarea).toHaveAttribute('maxlength', '500');
    expect(textarea).toHaveAttribute('rows', '2');
    expect(textarea).toHaveAccessibleDescription(/آدرس را بدون ذکر استان و شهر بنویسید/);
    await view.user.type(textarea, 'خیابان ولیعصر، پلاک ۱۲');
    await waitFor(() => expect(view.data().address).toBe('خیابان ولیعصر، پلاک ۱۲'));
    await view.user.clear(textarea);
    await waitFor(() => expect(view.data().address).toBeUndefined());
  });

  it('grows with its content', async () => {
    // jsdom has no layout: let every line be 24px tall.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this instanceof HTMLTextAreaElement ? 24 * Math.max(2, this.value.split('\n').length) : 0;
      },
    });
    const view = renderWidget({ step: 'location', fields: ['address'] });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    expect(textarea.style.height).toBe('48px');
    await view.user.type(textarea, 'یک{Enter}دو{Enter}سه{Enter}چهار');
    expect(textarea.style.height).toBe('96px');
  });

  it('is invalid, disabled or read-only when asked', () => {
    renderWidget({ step: 'location', fields: ['address'], errors: { address: ['کوتاه است'] }, readonly: true });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAttribute('readonly');
  });
});
