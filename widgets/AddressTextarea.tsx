import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { fieldOption, widgetDeclarations } from './declarations.js';
import { wizardFormContext } from './form-context.js';
import { describedBy, fillAsGiven, invalid, type WidgetPropsOf } from './shared.js';
import { useAddressSuggestion } from './use-address-suggestion.js';
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
 * When the manager moves the map's pin (`latitudeField` / `longitudeField`, defaults `latitude`
 * and `longitude`), the provider's address of the point is offered under the box; it is written
 * into the box only when the manager presses «استفاده».
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
    registry,
  } = props as WidgetPropsOf<string>;
  const { formData, pinMoves } = wizardFormContext(registry);
  const declared = widgetDeclarations.addressTextarea;
  const suggestion = useAddressSuggestion(
    pinMoves,
    formData[fieldOption(declared, options, 'latitudeField')],
    formData[fieldOption(declared, options, 'longitudeField')],
  );
  const [used, setUsed] = useState<string | undefined>(undefined);
  const rows = typeof options.rows === 'number' && options.rows > 0 ? options.rows : 2;

  const fit = useFitToContent();

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

  const takeSuggestion = (address: string) => {
    const element = ref.current;
    if (!element) return;
    // What was typed reaches RJSF first, so the suggestion is the field's last change, not overtaken.
    flush();
    element.value = address;
    fit(element);
    onChange(address);
    setUsed(address);
    element.focus();
  };
  const offered = suggestion !== undefined && suggestion !== used && !disabled && !readonly ? suggestion : undefined;

  return (
    <>
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
      <AddressSuggestionNote id={id} address={offered} onUse={takeSuggestion} />
    </>
  );
}

/** The suggestion under the box; its live region stays in place so a new text is announced. */
function AddressSuggestionNote({
  id,
  address,
  onUse,
}: {
  id: string;
  address: string | undefined;
  onUse: (address: string) => void;
}) {
  return (
    <div className="widget-suggestion" id={`${id}__suggestion`}>
      <span role="status" aria-live="polite">
        {address && fillAsGiven(fa.widgets.address.suggestion, { address })}
      </span>
      {address && (
        <button
          type="button"
          className="widget-suggestion__use"
          aria-label={fa.widgets.address.useLabel}
          onClick={() => onUse(address)}
        >
          {fa.widgets.address.use}
        </button>
      )}
    </div>
  );
}

/** Fits a textarea's height to its text (where the browser cannot, see `sizedByBrowser`). */
function useFitToContent(): (element: HTMLTextAreaElement | null) => void {
  // The length of the text the height was last fitted to; -1 before the first fit.
  const fittedLength = useRef(-1);

  return useCallback((element: HTMLTextAreaElement | null) => {
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
}
