/**
 * Small helpers every custom widget shares: the ids the stepper's field template renders for the
 * hint and the error, `aria-invalid`, reading `ui:options`, and filling `{name}` placeholders of
 * the Persian strings.
 */
import type { WidgetProps } from '@rjsf/utils';

/** `${id}__help ${id}__error` (+ any extra ids): the hint and error the stepper's template renders. */
export function describedBy(id: string, ...extra: Array<string | false | undefined>): string {
  return [`${id}__help`, `${id}__error`, ...extra.filter((part): part is string => Boolean(part))].join(' ');
}

/** `true` when RJSF reports errors for the field, else `undefined` (no attribute rendered). */
export function invalid(rawErrors: string[] | undefined): true | undefined {
  return rawErrors !== undefined && rawErrors.length > 0 ? true : undefined;
}

/** Replaces `{name}` in a Persian template by the values as given (src/shared/text/persian.ts `fill` also writes their digits in Persian). */
export function fillAsGiven(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export { toPersianDigits } from '../src/shared/text/normalize.js';

/** Persian collation for sorting names (ی and ک as in the dictionary). */
export const persianCollator = new Intl.Collator('fa');

/** A value as a positive integer id, or undefined (form values may arrive as strings). */
export function asId(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * RJSF types a widget's `value` as `any`; each widget says what it holds, so the `any` stops at
 * the prop instead of flowing through the widget.
 */
export type WidgetPropsOf<V> = Pick<
  WidgetProps,
  | 'id'
  | 'name'
  | 'label'
  | 'onChange'
  | 'onBlur'
  | 'onFocus'
  | 'disabled'
  | 'readonly'
  | 'rawErrors'
  | 'required'
  | 'placeholder'
  | 'schema'
  | 'uiSchema'
  | 'options'
  | 'registry'
> & { value: V | undefined };
