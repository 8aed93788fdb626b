import { faConsole } from '../../../shared/text/console-strings.fa.js';
import type { FormEvent } from 'react';
import { formText } from './format.js';
import { jalaliDayKey, parseJalaliDay, jalaliDayStart } from './jalali.js';

export interface DayRangeErrors {
  from?: string;
  to?: string;
}

/** A Persian message for a day that is not one, or a range that ends before it starts (list and funnel alike). */
export function checkDayRange(fromText: string, toText: string): DayRangeErrors {
  const from = parseJalaliDay(fromText);
  const to = parseJalaliDay(toText);
  const errors: DayRangeErrors = {};
  if (fromText.trim() && !from) errors.from = faConsole.staff.dayInvalid;
  if (toText.trim() && !to) errors.to = faConsole.staff.dayInvalid;
  if (from && to && jalaliDayStart(to) < jalaliDayStart(from)) errors.to = faConsole.staff.dayOrder;
  return errors;
}

/** A typed day as the address keeps it (1405-09-03); empty when none was typed. */
export function dayKeyOf(text: string): string {
  const day = parseJalaliDay(text);
  return day ? jalaliDayKey(day) : '';
}

/** Puts the focus on the first field of a refused range (a form's `from`/`to` inputs). */
export function focusFirstError(form: HTMLFormElement, errors: DayRangeErrors): boolean {
  const invalid = errors.from ? 'from' : errors.to ? 'to' : undefined;
  if (!invalid) return false;
  const input = form.elements.namedItem(invalid);
  if (input instanceof HTMLInputElement) input.focus();
  return true;
}

/**
 * A filter form with a Jalali day range, sent: the range's errors are shown (and the first one
 * focused) through `showErrors`; its data when the range holds, undefined when it does not.
 */
export function submittedDayRangeForm(
  event: FormEvent<HTMLFormElement>,
  showErrors: (errors: DayRangeErrors) => void,
): FormData | undefined {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  const errors = checkDayRange(formText(data, 'from'), formText(data, 'to'));
  showErrors(errors);
  return focusFirstError(event.currentTarget, errors) ? undefined : data;
}
