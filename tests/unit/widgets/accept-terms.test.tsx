import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RulesDialog } from '../../../widgets/RulesDialog.js';
import { renderWidget } from './render-widget.js';

const title = 'قوانین و مقررات را خوانده‌ام و می‌پذیرم';

afterEach(() => vi.restoreAllMocks());

describe('acceptTerms widget', () => {
  it('is a checkbox labelled with the schema title', async () => {
    const view = renderWidget({ step: 'manager', fields: ['acceptTerms'] });
    const checkbox = screen.getByRole('checkbox', { name: title });
    expect(checkbox).toHaveAttribute('id', 'root_acceptTerms');
    expect(checkbox).not.toBeChecked();
    await view.user.click(checkbox);
    expect(view.data().acceptTerms).toBe(true);
    await view.user.click(checkbox);
    expect(view.data().acceptTerms).toBe(false);
  });

  it('opens the rules in a modal dialog: focus inside, trapped, Escape closes, focus returns', async () => {
    const view = renderWidget({ step: 'manager', fields: ['acceptTerms'] });
    // The dialog's code is fetched by the first tap, not with the form.
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'مشاهده قوانین' });
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'قوانین و مقررات' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(dialog).toHaveTextContent('نام تجاری سامانه');
    const close = screen.getByRole('button', { name: 'بستن' });
    expect(close).toHaveFocus();
    await view.user.tab();
    expect(close).toHaveFocus();
    await view.user.tab({ shift: true });
    expect(close).toHaveFocus();
    await view.user.keyboard('{Escape}');
    expect(dialog).not.toHaveAttribute('open');
    expect(button).toHaveFocus();
  });

  it('closes with its close button too', async () => {
    const view = renderWidget({ step: 'manager', fields: ['acceptTerms'] });
    const button = screen.getByRole('button', { name: 'مشاهده قوانین' });
    await view.user.click(button);
    await view.user.click(await screen.findByRole('button', { name: 'بستن' }));
    expect(screen.queryByRole('button', { name: 'بستن' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('marks the checkbox invalid and disabled when asked', () => {
    renderWidget({ step: 'manager', fields: ['acceptTerms'], errors: { acceptTerms: ['لازم است'] }, disabled: true });
    const checkbox = screen.getByRole('checkbox', { name: title });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAttribute('aria-describedby', 'root_acceptTerms__error');
    expect(checkbox).toBeDisabled();
  });
});

describe('RulesDialog', () => {
  it('uses showModal() and close() where the browser has them', async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    try {
      function Page() {
        const [open, setOpen] = useState(false);
        return (
          <>
            <button type="button" onClick={() => setOpen(true)}>
              قوانین
            </button>
            <RulesDialog open={open} onClose={() => setOpen(false)} />
          </>
        );
      }
      const user = userEvent.setup();
      render(<Page />);
      await user.click(screen.getByRole('button', { name: 'قوانین' }));
      expect(showModal).toHaveBeenCalledTimes(1);
      await user.keyboard('{Escape}');
      expect(close).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'قوانین' })).toHaveFocus();
    } finally {
      delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
      delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
    }
  });
});
