/**
 * The field chrome: the wizard's own RJSF templates, used by the stepper (src/client/form/) and by
 * WidgetForm (widgets/widget-form.tsx, the stories and widget tests), so a widget is wrapped the same
 * in its story as in its step. Layout and accessibility are ours whatever the widget:
 * a label (asterisk for required), the hint under it (`${id}__help`), the widget, the error under
 * the field (`${id}__error`), `aria-invalid` and `aria-describedby` (hint + error) on the element
 * carrying the field id. Widgets from widgets/ reference the same ids (widgets/shared.ts).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { presentIds } from './field-focus.js';
import {
  errorId,
  getUiOptions,
  helpId,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TemplatesType,
  type TitleFieldProps,
  type ErrorListProps,
} from '@rjsf/utils';

const LABELABLE = 'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), select, textarea';
/** A radio takes no aria-invalid (ARIA puts it on the radiogroup, which the widget marks itself). */
const TAKES_INVALID = ':not(input[type="radio"])';

function fieldName(props: FieldTemplateProps): string {
  const path = props.fieldPathId?.path ?? [];
  return path.length ? String(path[path.length - 1]) : '';
}

function widgetName(props: FieldTemplateProps): string {
  const widget = getUiOptions(props.uiSchema).widget;
  return typeof widget === 'string' ? widget : '';
}

/**
 * Keeps `aria-invalid` and `aria-describedby` of the field's element in line with what the template
 * shows: ids that are not on the page are dropped (built-in widgets name a description that may not
 * exist), the hint and the error are added.
 */
function useFieldAria(
  container: React.RefObject<HTMLDivElement | null>,
  id: string,
  invalid: boolean,
  hasHelp: boolean,
) {
  const [labelable, setLabelable] = useState(true);
  // After every render, on purpose: the widget may have swapped its element, and only the DOM says
  // whether it can take a <label for> (setLabelable runs only when that answer changes).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const element = root.ownerDocument.getElementById(id);
    if (!element || !root.contains(element)) return;
    const isLabelable = element.matches(LABELABLE);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- measured from the DOM after layout
    if (isLabelable !== labelable) setLabelable(isLabelable);
    if (invalid && element.matches(TAKES_INVALID)) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    const wanted = [
      ...(element.getAttribute('aria-describedby') ?? '').split(/\s+/),
      hasHelp ? helpId(id) : '',
      errorId(id),
    ];
    const present = presentIds(root.ownerDocument, wanted);
    if (present.length) element.setAttribute('aria-describedby', present.join(' '));
    else element.removeAttribute('aria-describedby');
  });
  return labelable;
}

export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    rawErrors,
    rawHelp,
    help,
    description,
    hidden,
    required,
    displayLabel,
    schema,
    uiSchema,
  } = props;
  const container = useRef<HTMLDivElement>(null);
  const name = fieldName(props);
  const errors = (rawErrors ?? []).filter((message) => message !== '');
  const invalid = errors.length > 0;
  const hasHelp = Boolean(rawHelp);
  const labelable = useFieldAria(container, id, invalid, hasHelp);

  if (name === '') {
    // The step's root object: carries the step's layout class (`ui:classNames`, e.g. the map beside the form).
    const classNames = getUiOptions(uiSchema).classNames;
    return <div className={['step-form__root', classNames].filter(Boolean).join(' ')}>{children}</div>;
  }
  if (hidden) return <div className="field field--hidden">{children}</div>;

  // A checkbox renders its own label beside the box.
  const showLabel = displayLabel !== false && schema.type !== 'boolean' && label !== '';
  const widget = widgetName(props);
  const className = ['field', `field--${name}`, widget && `field--widget-${widget}`, invalid && 'field--invalid']
    .filter(Boolean)
    .join(' ');
  const labelContent = (
    <>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );

  return (
    <div ref={container} className={className} data-field={name}>
      {showLabel &&
        (labelable ? (
          <label className="field__label" htmlFor={id} id={`${id}__label`}>
            {labelContent}
          </label>
        ) : (
          <p className="field__label" id={`${id}__label`}>
            {labelContent}
          </p>
        ))}
      {showLabel && description}
      {help}
      {children}
      <div id={errorId(id)} className="field__error">
        {errors.map((message) => (
          <p key={message} className="field__error-message">
            <span className="visually-hidden">{fa.ui.form.errorPrefix} </span>
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}

/** The hint under the label (`ui:help`), referenced by the field's aria-describedby. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <div id={helpId(fieldPathId.$id)} className="field__hint">
      {help}
    </div>
  );
}

/** Errors are rendered by FieldTemplate (the element is always there, so aria-describedby never dangles). */
export function FieldErrorTemplate(_props: FieldErrorProps) {
  return null;
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <div id={id} className="field__description">
      {description}
    </div>
  );
}

/** The step's heading is the page's h1; the schema's own title is not repeated. */
export function TitleFieldTemplate(_props: TitleFieldProps) {
  return null;
}

export function ObjectFieldTemplate({ properties, fieldPathId }: ObjectFieldTemplateProps) {
  const root = fieldPathId.path.length === 0;
  return (
    <div className={root ? 'step-form__fields' : 'field-group'}>{properties.map((property) => property.content)}</div>
  );
}

/** The wizard shows its own error summary (ErrorSummary.tsx); RJSF's list stays off. */
export function ErrorListTemplate(_props: ErrorListProps) {
  return null;
}

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const options = getUiOptions(uiSchema).submitButtonOptions;
  if (options?.norender) return null;
  return (
    <button type="submit" className="button button--primary">
      {options?.submitText ?? fa.ui.form.submitFallback}
    </button>
  );
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  FieldHelpTemplate,
  FieldErrorTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton },
};
