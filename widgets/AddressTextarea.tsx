import { useCallback, useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy, invalid, type WidgetPropsOf } from './shared.js';
import { useTypedValue } from './use-typed-value.js';

/**
 * Where the browser sizes a textarea to its content itself (CSS `field-sizing`, widgets.css), a
 * keystroke needs no script: reading `scrollHeight` in the input handler forced a layout on every
 * keystroke, before the frame's own.
 */
const sizedByBrowser =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * `addressTextarea`: a textarea that grows with its content (never a scrollbar, never a jump of the
 * page while typing). `ui:options.rows` is the starting height (default 2); `maxLength` comes from
 * the schema; the hint is `ui:help`, rendered by the stepper's template as `${id}__help`.
 */
export default function AddressTextareaWidget(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    rawErrors,
    placeholder,
    required,
    schema,
    options,
  } = props as WidgetPropsOf<string>;
  const rows = typeof options.rows === 'number' && options.rows > 0 ? options.rows : 2;

  // The length of the text the height was last fitted to; -1 before the first fit.
  const fittedLength = useRef(-1);

  const fit = useCallback((element: HTMLTextAreaElement | null) => {
    if (!element || sizedByBrowser) return;
    const length = element.value.length;
    const shrinking = fittedLength.current < 0 || length < fittedLength.current;
    fittedLength.current = length;
    if (!shrinking) {
      // Growing text: with the current height in place, scrollHeight is already the larger of the
      // content and the box, so one read (no reset to auto, no second layout) is enough.
      const height = element.scrollHeight;
      if (height > 0 && `${height}px` !== element.style.height) element.style.height = `${height}px`;
      return;
    }
    const view = element.ownerDocument.defaultView;
    const scrollY = view?.scrollY ?? 0;
    // Shorter text (or the first fit): measure from the smallest height, then grow to the content;
    // restoring the page scroll keeps the brief shrink from moving the page under the finger.
    element.style.height = 'auto';
    const height = element.scrollHeight;
    if (height > 0) element.style.height = `${height}px`;
    else element.style.removeProperty('height');
    if (view && view.scrollY !== scrollY) view.scrollTo({ top: scrollY });
  }, []);

  const { ref, defaultValue, change, flush } = useTypedValue<unknown, HTMLTextAreaElement>(
    value,
    typeof value === 'string' ? value : '',
    onChange,
    {
      immediate: Boolean(rawErrors?.length),
      onRewritten: fit,
    },
  );
  useLayoutEffect(() => fit(ref.current), [fit, ref]);

  return (
    <textarea
      ref={ref}
      id={id}
      name={props.htmlName || id}
      className="widget-textarea widget-textarea--auto"
      defaultValue={defaultValue}
      rows={rows}
      style={{ '--rows': rows } as CSSProperties}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoComplete="street-address"
      aria-invalid={invalid(rawErrors)}
      aria-describedby={describedBy(id)}
      onChange={(event) => {
        change(event.target.value === '' ? options.emptyValue : event.target.value);
        fit(event.target);
      }}
      onBlur={(event) => {
        flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
