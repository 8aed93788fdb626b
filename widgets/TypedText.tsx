import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import { ariaDescribedByIds, getInputProps, type WidgetProps } from '@rjsf/utils';
import type { WidgetPropsOf } from './shared.js';
import { useTypedValue } from './use-typed-value.js';

/**
 * RJSF's text input with the typed text kept in the field until typing pauses (see
 * use-typed-value.ts): registered as RJSF's `TextWidget`, so every plain text field (the pharmacy
 * name, the manager's names) types without RJSF recomputing the whole form per key. The markup is
 * that of RJSF's own `BaseInputTemplate` (id, name, class, the schema's input props, the
 * described-by ids), which cannot be used itself because it always renders a controlled input.
 */
export default function TypedTextWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, placeholder, required, rawErrors } = props as WidgetPropsOf<string>;
  const { onChange, onBlur, onFocus, options, schema } = props as WidgetPropsOf<string>;
  const { ref, defaultValue, change, flush } = useTypedValue<unknown, HTMLInputElement>(
    value,
    value == null ? '' : String(value),
    onChange,
    { immediate: Boolean(rawErrors?.length) },
  );
  const emptyValue = options.emptyValue as string | undefined;
  const typedValue = (event: ChangeEvent<HTMLInputElement>) =>
    event.target.value === '' ? emptyValue : event.target.value;
  return (
    <input
      ref={ref}
      id={id}
      name={props.htmlName || id}
      className="form-control"
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      required={required}
      defaultValue={defaultValue}
      {...getInputProps(schema, props.type as string | undefined, options)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => change(typedValue(event))}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        // Enter submits the form: it must see what was just typed.
        if (event.key === 'Enter') flush();
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
    />
  );
}
