import { lazy, Suspense, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldOption, widgetDeclarations } from './declarations.js';
import { describedBy, invalid, type WidgetPropsOf } from './shared.js';

/** The dialog and the rules' text are fetched by the first tap on the button, not with the form. */
const RulesDialog = lazy(() => import('./RulesDialog.js').then((module) => ({ default: module.RulesDialog })));

/**
 * `acceptTerms`: a checkbox labelled with the schema title, and a button
 * (`ui:options.rulesButton`, default «مشاهده قوانین») that opens the rules in a modal dialog.
 */
export default function AcceptTermsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required, schema, options } =
    props as WidgetPropsOf<boolean>;
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so the next opening is instant.
  const [wanted, setWanted] = useState(false);
  const label = props.label || schema.title || '';
  const buttonText = fieldOption(widgetDeclarations.acceptTerms, options, 'rulesButton');

  return (
    <div className="widget-terms">
      <span className="widget-terms__choice">
        <input
          type="checkbox"
          id={id}
          name={props.htmlName || id}
          checked={value === true}
          required={required}
          disabled={disabled || readonly}
          aria-labelledby={`${id}__checkbox-label`}
          aria-invalid={invalid(rawErrors)}
          aria-describedby={describedBy(id)}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
        />
        {/* Named by its own label even when the field template also renders one for the id. */}
        <label id={`${id}__checkbox-label`} htmlFor={id}>
          {label}
        </label>
      </span>
      <button
        type="button"
        className="button button--link"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          setWanted(true);
        }}
      >
        {buttonText}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <RulesDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
