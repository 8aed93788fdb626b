import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from './render-widget.js';

const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');

/** The widget as rendered by a browser that does, or does not, size a textarea by CSS (`field-sizing`). */
async function renderWhereBrowserSizes(sizes: boolean, ...args: Parameters<typeof renderWidget>) {
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) => sizes && property === 'field-sizing' && value === 'content',
  });
  vi.resetModules();
  const fresh = await import('./render-widget.js');
  return fresh.renderWidget(...args);
}

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('grows with its content where the browser cannot size it by CSS', async () => {
    // jsdom has no layout: let every line be 24px tall.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this instanceof HTMLTextAreaElement ? 24 * Math.max(2, this.value.split('\n').length) : 0;
      },
    });
    const view = await renderWhereBrowserSizes(false, { step: 'location', fields: ['address'] });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    expect(textarea.style.height).toBe('48px');
    await view.user.type(textarea, 'یک{Enter}دو{Enter}سه{Enter}چهار');
    expect(textarea.style.height).toBe('96px');
  });

  it('leaves the height to the browser where CSS sizes a textarea to its content', async () => {
    let measured = 0;
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get() {
        measured += 1;
        return 96;
      },
    });
    const view = await renderWhereBrowserSizes(true, { step: 'location', fields: ['address'] });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    await view.user.type(textarea, 'یک{Enter}دو{Enter}سه');
    expect(measured).toBe(0);
    expect(textarea.style.height).toBe('');
    // The rows option still sets the smallest height (widgets.css reads it).
    expect(textarea.style.getPropertyValue('--rows')).toBe('2');
  });

  it('is invalid, disabled or read-only when asked', () => {
    renderWidget({ step: 'location', fields: ['address'], errors: { address: ['کوتاه است'] }, readonly: true });
    const textarea = screen.getByRole('textbox', { name: 'آدرس' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAttribute('readonly');
  });
});
