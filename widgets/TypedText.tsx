import type { KeyboardEvent } from 'react';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useTypedValue } from './use-typed-value.js';

/**
 * RJSF's text input (its own `BaseInputTemplate`, unchanged markup) with the typed text kept in
 * the field until typing pauses (see use-typed-value.ts): registered as RJSF's `TextWidget`, so
 * every plain text field (the pharmacy name, the manager's names) types without RJSF recomputing
 * the whole form per key.
 */
export default function TypedTextWidget(props: WidgetProps) {
  const { onChange, onBlur, rawErrors, registry, options } = props;
  const typed = useTypedValue<unknown>(props.value, onChange, { immediate: Boolean(rawErrors?.length) });
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  // BaseInputTemplate hands props it does not know to the <input>.
  const keyDown = {
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      // Enter submits the form: it must see what was just typed.
      if (event.key === 'Enter') typed.flush();
    },
  };
  return (
    // RJSF's registry hands out the template component: the same one on every render of a form.
    // eslint-disable-next-line react-hooks/static-components
    <BaseInputTemplate
      {...props}
      {...keyDown}
      value={typed.value}
      onChange={typed.change}
      onBlur={(id: string, value: unknown) => {
        typed.flush();
        onBlur(id, value);
      }}
    />
  );
}
