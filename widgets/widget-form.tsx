/**
 * The one way the widget stories and the widget tests mount a widget, the way the stepper does:
 * the real RJSF `Form` with the wizard's registry (registry.ts: its widgets, by their registry
 * names, the field chrome of templates/, RJSF's words in Persian and its defaults behaviour), a
 * schema holding only the chosen fields of a step (with their `required`), their uiSchema entries,
 * and a `formContext` ({ formData, setField }) kept in sync with the form. The field around the
 * widget is the stepper's own (label, hint, error, aria-invalid and the aria-describedby chain),
 * inside the step's wrappers (`.step-form`, `.step-form__form`), and the given errors are listed in
 * the wizard's error summary above it, as a step shows the server's messages: what a designer sees
 * in the story is what the manager sees in the step. API answers and services come from around it
 * (story-helpers.tsx: WidgetProviders).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { WizardFormContext } from './form-context.js';
import { createPinMoves } from './pin-moves.js';
import { DEFAULTS_BEHAVIOUR, templates, translateString, widgets } from './registry.js';
import { ErrorSummary, type SummaryItem } from './templates/ErrorSummary.js';
import { fieldId, focusField } from './templates/field-focus.js';

/** A step's JSON files (schemas/steps/<id>.schema.json and .ui.json). */
export interface StepFiles {
  schema: { properties?: Record<string, unknown>; required?: string[] };
  uiSchema: Record<string, unknown>;
}

export interface WidgetFormProps {
  step: StepFiles;
  /** The step's fields to render (in this order); their uiSchema entries come from the step. */
  fields: string[];
  /** The step's data at the start: the fields' values and their siblings (province, longitude, …). */
  formData?: Record<string, unknown>;
  /** Messages shown as the fields' errors (reach the widget as `rawErrors`). */
  errors?: Record<string, string[]>;
  disabled?: boolean;
  readonly?: boolean;
  /** Stand-ins for registered widgets, by registry name (a story wrapping a widget). */
  widgets?: RegistryWidgetsType;
  /** Show the step's current data under the form (for designers in Storybook). */
  showValue?: boolean;
  /** Spies (tests, Storybook actions). */
  onChange?: (formData: Record<string, unknown>) => void;
  onSetField?: (name: string, value: unknown) => void;
}

export function WidgetForm(props: WidgetFormProps) {
  const { onSetField } = props;
  const formRef = useRef<Form>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => ({ ...props.formData }));
  const { schema, uiSchema } = useMemo(() => stepSubset(props.step, props.fields), [props.step, props.fields]);
  // setField goes through RJSF's own setFieldValue, queued in order with the widget's onChange,
  // so a widget writing its value and a sibling in one handler never loses either.
  const setField = useCallback(
    (name: string, value: unknown) => {
      onSetField?.(name, value);
      formRef.current?.setFieldValue(name, value);
    },
    [onSetField],
  );
  const [pinMoves] = useState(createPinMoves);
  const formContext: WizardFormContext = useMemo(
    () => ({ formData, setField, pinMoves }),
    [formData, setField, pinMoves],
  );
  return (
    <>
      <div ref={containerRef} className="step-form">
        <ErrorSummary
          items={summaryItems(props.fields, props.errors)}
          onSelect={(field) => focusField(containerRef.current, field)}
        />
        <Form
          ref={formRef}
          className="step-form__form"
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          formContext={formContext}
          widgets={props.widgets ? { ...widgets, ...props.widgets } : widgets}
          templates={templates}
          translateString={translateString}
          validator={validator}
          noHtml5Validate
          noValidate
          experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
          extraErrors={extraErrors(props.errors)}
          showErrorList={false}
          disabled={props.disabled}
          readonly={props.readonly}
          onChange={(event) => {
            // The same object RJSF reported, so that passing it back is recognised as its own data.
            const next = event.formData as Record<string, unknown>;
            props.onChange?.(next);
            setFormData(next);
          }}
        >
          <span />
        </Form>
      </div>
      {props.showValue && (
        <pre dir="ltr" className="story-field__value" style={{ fontSize: '0.75rem', color: '#4a4f55' }}>
          {JSON.stringify(formData)}
        </pre>
      )}
    </>
  );
}

/** The given errors as the step's summary lists them: the fields' order, each field's first message. */
function summaryItems(fields: string[], errors: Record<string, string[]> | undefined): SummaryItem[] {
  return fields.flatMap((field) => {
    const message = errors?.[field]?.find((text) => text !== '');
    return message ? [{ field, id: fieldId(field), message }] : [];
  });
}

function extraErrors(errors: Record<string, string[]> | undefined): ErrorSchema | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, { __errors: list }])) as ErrorSchema;
}

function stepSubset(step: StepFiles, fields: string[]): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties = step.schema.properties ?? {};
  const subset: RJSFSchema = {
    type: 'object',
    properties: Object.fromEntries(fields.map((name) => [name, stripMessages(properties[name] as RJSFSchema)])),
    // The chosen fields' own `required`: the label's asterisk as in the step (nothing validates here).
    required: (step.schema.required ?? []).filter((name) => fields.includes(name)),
  };
  const ui: UiSchema = { 'ui:order': [...fields, '*'] };
  for (const name of fields) if (step.uiSchema[name]) ui[name] = step.uiSchema[name] as UiSchema;
  return { schema: subset, uiSchema: ui };
}

/** ajv-errors' keyword is not known to RJSF's validator here; the widgets do not need it. */
function stripMessages(schema: RJSFSchema): RJSFSchema {
  const { errorMessage: _unused, format: _format, ...rest } = schema as RJSFSchema & { errorMessage?: unknown };
  return rest;
}
