import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy, invalid, toPersianDigits, type WidgetPropsOf } from '../shared.js';
import { useTypedValue } from '../use-typed-value.js';
import { applyMaskedEdit, digitsOf, formatMasked } from './mask.js';

export interface MaskedDigitsInputProps {
  widget: WidgetProps;
  /** `9` = a digit slot, anything else a literal (e.g. `9999-999-9999`). */
  mask: string;
  /** Digits of a typed or pasted text (e.g. a +98 prefix rewritten); defaults to all digits. */
  toDigits?: (raw: string) => string;
  autoComplete?: string;
}

/**
 * A text input that accepts ASCII, Persian and Arabic-Indic digits, shows them in Persian digits
 * laid into the mask, keeps the caret after the digit it followed, and hands RJSF the plain ASCII
 * digits (or `options.emptyValue` when empty).
 */
export function MaskedDigitsInput({ widget, mask, toDigits, autoComplete }: MaskedDigitsInputProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, placeholder, required } =
    widget as WidgetPropsOf<string>;
  const digits = typeof value === 'string' || typeof value === 'number' ? digitsOf(String(value)) : '';
  const { ref, defaultValue, change, flush } = useTypedValue<unknown, HTMLInputElement>(
    value,
    toPersianDigits(formatMasked(digits, mask)),
    onChange,
    {
      immediate: Boolean(rawErrors?.length),
    },
  );

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const edit = applyMaskedEdit(input.value, input.selectionStart ?? input.value.length, mask, toDigits);
    // The field is uncontrolled (use-typed-value.ts): the formatted text and the caret are written
    // here, and React leaves both alone. Only when they differ from what the browser already has
    // (a dash to add, Latin digits to show in Persian): writing the value replaces the field's text
    // and lays it out again, the largest cost of a keystroke here.
    const shown = toPersianDigits(edit.formatted);
    if (input.value !== shown) input.value = shown;
    const focused = input.ownerDocument.activeElement === input;
    if (focused && (input.selectionStart !== edit.caret || input.selectionEnd !== edit.caret)) {
      input.setSelectionRange(edit.caret, edit.caret);
    }
    change(edit.digits === '' ? widget.options.emptyValue : edit.digits);
  };

  // Backspace just after a dash (or Delete just before one) skips the dash and removes the digit,
  // instead of removing the dash that formatting would put straight back.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter submits the form: it must see what was just typed.
    if (event.key === 'Enter') flush();
    const input = event.currentTarget;
    const start = input.selectionStart;
    if (start === null || start !== input.selectionEnd) return;
    if (event.key === 'Backspace' && start > 0 && isLiteral(input.value[start - 1])) {
      input.setSelectionRange(start - 1, start - 1);
    } else if (event.key === 'Delete' && start < input.value.length && isLiteral(input.value[start])) {
      input.setSelectionRange(start + 1, start + 1);
    }
  };

  const current = (event: FocusEvent<HTMLInputElement>) => {
    const typed = digitsOf(event.target.value);
    return typed === '' ? (widget.options.emptyValue as string | undefined) : typed;
  };

  return (
    <input
      ref={ref}
      type="text"
      id={id}
      name={widget.htmlName || id}
      className="widget-input widget-input--digits"
      defaultValue={defaultValue}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      inputMode="numeric"
      autoComplete={autoComplete}
      dir="ltr"
      spellCheck={false}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={describedBy(id)}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        flush();
        onBlur(id, current(event));
      }}
      onFocus={(event) => onFocus(id, current(event))}
    />
  );
}

function isLiteral(char: string | undefined): boolean {
  return char !== undefined && digitsOf(char) === '';
}
