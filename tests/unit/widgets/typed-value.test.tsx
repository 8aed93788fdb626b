import { Profiler, useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTypedValue } from '../../../widgets/use-typed-value.js';
import { renderWidget } from './render-widget.js';

afterEach(() => cleanup());

/** A field as the widgets build it: uncontrolled, its text handed to `onChange` by the hook. */
function Field({
  value,
  onChange,
  immediate,
}: {
  value: string;
  onChange: (next: string) => void;
  immediate?: boolean;
}) {
  const { ref, defaultValue, change, flush } = useTypedValue<string, HTMLInputElement>(value, value, onChange, {
    immediate,
  });
  return (
    <input
      ref={ref}
      aria-label="نام"
      defaultValue={defaultValue}
      onChange={(event) => change(event.target.value)}
      onBlur={flush}
    />
  );
}

describe('a typed field (use-typed-value)', () => {
  it('keeps keystrokes in the field and hands the text over once typing pauses', async () => {
    const onChange = vi.fn<(next: string) => void>();
    const renders = vi.fn();
    render(
      <Profiler id="field" onRender={renders}>
        <Field value="" onChange={onChange} />
      </Profiler>,
    );
    const input = screen.getByRole('textbox', { name: 'نام' });
    const before = renders.mock.calls.length;
    await userEvent.type(input, 'رازی');
    expect(input).toHaveValue('رازی');
    // Not one React render per keystroke: the text lives in the DOM until it is handed over.
    expect(renders.mock.calls.length).toBe(before);
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('رازی'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('waits for the pause after the last keystroke, however long the typing goes on', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const onChange = vi.fn<(next: string) => void>();
      render(<Field value="" onChange={onChange} />);
      const input = screen.getByRole('textbox', { name: 'نام' });
      // A second of typing, each keystroke 250 ms after the one before (within the 300 ms pause).
      for (const text of ['ر', 'را', 'راز', 'رازی']) {
        fireEvent.change(input, { target: { value: text } });
        vi.advanceTimersByTime(250);
      }
      vi.advanceTimersByTime(49);
      expect(onChange).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onChange).toHaveBeenCalledExactlyOnceWith('رازی');
      // The next burst is handed over on its own, once it too pauses.
      fireEvent.change(input, { target: { value: 'رازی ش' } });
      vi.advanceTimersByTime(299);
      expect(onChange).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(onChange).toHaveBeenLastCalledWith('رازی ش');
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the text over at once when the field loses focus, and after each frame while it shows an error', async () => {
    const onBlurChange = vi.fn<(next: string) => void>();
    const { unmount } = render(<Field value="" onChange={onBlurChange} />);
    const input = screen.getByRole('textbox', { name: 'نام' });
    await userEvent.type(input, 'سینا');
    fireEvent.blur(input);
    expect(onBlurChange).toHaveBeenCalledWith('سینا');
    unmount();

    const onErrorChange = vi.fn<(next: string) => void>();
    render(<Field value="" onChange={onErrorChange} immediate />);
    await userEvent.type(screen.getByRole('textbox', { name: 'نام' }), 'ا');
    // One frame, not the 300 ms pause.
    await waitFor(() => expect(onErrorChange).toHaveBeenCalledWith('ا'), { timeout: 100 });
  });

  it('shows a value set elsewhere, unless the manager is typing over it', async () => {
    // The value set from elsewhere: a button outside the field, as a restored draft would.
    function Outside() {
      const [value, setValue] = useState('داروخانه');
      return (
        <>
          <Field value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(value === 'داروخانه' ? 'داروخانه سینا' : 'دیگر')}>
            از جای دیگر
          </button>
        </>
      );
    }
    render(<Outside />);
    const input = screen.getByRole('textbox', { name: 'نام' });
    expect(input).toHaveValue('داروخانه');
    const outside = screen.getByRole('button', { name: 'از جای دیگر' });
    fireEvent.click(outside);
    expect(input).toHaveValue('داروخانه سینا');
    // Typing pending: a value from elsewhere does not overwrite it, and the typed text wins.
    await userEvent.type(input, ' ۲');
    fireEvent.click(outside);
    expect(input).toHaveValue('داروخانه سینا ۲');
    await waitFor(() => expect(input).toHaveValue('داروخانه سینا ۲'));
  });
});

describe('the wizard text fields', () => {
  it('type into the DOM only: RJSF hears the name and the mobile number once typing pauses', async () => {
    const view = renderWidget({ step: 'manager', fields: ['firstName', 'mobileNumber'] });
    const name = screen.getByRole('textbox', { name: /نام/ });
    await view.user.type(name, 'مریم');
    expect(name).toHaveValue('مریم');
    expect(view.data().firstName).toBeUndefined();
    await waitFor(() => expect(view.data().firstName).toBe('مریم'));

    const mobile = document.getElementById(view.id('mobileNumber')) as HTMLInputElement;
    await view.user.type(mobile, '09123456789');
    expect(mobile).toHaveValue('۰۹۱۲-۳۴۵-۶۷۸۹');
    expect(view.data().mobileNumber).toBeUndefined();
    await waitFor(() => expect(view.data().mobileNumber).toBe('09123456789'));
  });
});
