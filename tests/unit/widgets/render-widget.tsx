/**
 * The one way these tests render a widget: the real RJSF `Form` (so the widget is found by its
 * registry name) with a schema holding only the chosen fields of a step, its uiSchema, and a
 * `formContext` ({ formData, setField }) kept in sync with the form, as the stepper does. API
 * answers are seeded into a fresh QueryClient (story-helpers); nothing else is mocked.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, vi } from 'vitest';
import locationSchema from '../../../schemas/steps/location.schema.json';
import locationUi from '../../../schemas/steps/location.ui.json';
import managerSchema from '../../../schemas/steps/manager.schema.json';
import managerUi from '../../../schemas/steps/manager.ui.json';
import type { WizardFormContext } from '../../../widgets/form-context.js';
import { WidgetServicesContext } from '../../../widgets/services.js';
import { queryWidgetServices } from '../../../src/client/api/widget-services.js';
// The wizard's registry: the custom widgets and its own TextWidget, found by name as the stepper does.
import { widgets } from '../../../src/client/form/registry.js';
import { createSeededClient, WidgetProviders, type ApiSeeds } from '../../../widgets/story-helpers.js';
import { DEFAULTS_BEHAVIOUR } from '../../../src/client/form/FormStepPage.js';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const steps = {
  location: { schema: locationSchema as RJSFSchema, uiSchema: locationUi as UiSchema },
  manager: { schema: managerSchema as RJSFSchema, uiSchema: managerUi as UiSchema },
};

export interface RenderWidgetOptions {
  step: keyof typeof steps;
  /** The step's fields to render (in this order); their uiSchema entries come from schemas/. */
  fields: string[];
  formData?: Record<string, unknown>;
  api?: ApiSeeds;
  /** Messages shown as the fields' errors (reach the widget as `rawErrors`). */
  errors?: Record<string, string[]>;
  disabled?: boolean;
  readonly?: boolean;
}

export function renderWidget(options: RenderWidgetOptions) {
  const client = createSeededClient(options.api);
  const onChange = vi.fn<(formData: Record<string, unknown>) => void>();
  const onSetField = vi.fn<(name: string, value: unknown) => void>();
  const latest = { current: { ...options.formData } as Record<string, unknown> };
  const { schema, uiSchema } = stepSubset(options.step, options.fields);
  const extraErrors = options.errors
    ? (Object.fromEntries(
        Object.entries(options.errors).map(([name, list]) => [name, { __errors: list }]),
      ) as ErrorSchema)
    : undefined;

  function Harness() {
    const formRef = useRef<Form>(null);
    const [formData, setFormData] = useState<Record<string, unknown>>(() => ({ ...options.formData }));
    // setField goes through RJSF's own setFieldValue, queued in order with the widget's onChange,
    // so a widget writing its value and a sibling in one handler never loses either.
    const setField = useCallback((name: string, value: unknown) => {
      onSetField(name, value);
      formRef.current?.setFieldValue(name, value);
    }, []);
    const formContext: WizardFormContext = useMemo(() => ({ formData, setField }), [formData, setField]);
    return (
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        widgets={widgets}
        validator={validator}
        noHtml5Validate
        noValidate
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
        extraErrors={extraErrors}
        disabled={options.disabled}
        readonly={options.readonly}
        onChange={(event) => {
          // The same object RJSF reported, so that passing it back is recognised as its own data.
          const next = event.formData as Record<string, unknown>;
          latest.current = next;
          onChange(next);
          setFormData(next);
        }}
      >
        <span />
      </Form>
    );
  }

  const user = userEvent.setup();
  const view = render(
    <WidgetProviders client={client}>
      <WidgetServicesContext value={queryWidgetServices}>
        <Harness />
      </WidgetServicesContext>
    </WidgetProviders>,
  );
  return {
    ...view,
    user,
    client,
    onChange,
    onSetField,
    /** The form's data right now (widget values and setField writes). */
    data: () => latest.current,
    id: (name: string) => `root_${name}`,
  };
}

function stepSubset(step: keyof typeof steps, fields: string[]): { schema: RJSFSchema; uiSchema: UiSchema } {
  const { schema, uiSchema } = steps[step];
  const properties = schema.properties ?? {};
  const subset: RJSFSchema = {
    type: 'object',
    properties: Object.fromEntries(fields.map((name) => [name, stripMessages(properties[name] as RJSFSchema)])),
  };
  const ui: UiSchema = { 'ui:order': [...fields, '*'] };
  for (const name of fields) if (uiSchema[name]) ui[name] = uiSchema[name];
  return { schema: subset, uiSchema: ui };
}

/** ajv-errors' keyword is not known to RJSF's test validator; the widgets do not need it. */
function stripMessages(schema: RJSFSchema): RJSFSchema {
  const { errorMessage: _unused, format: _format, ...rest } = schema as RJSFSchema & { errorMessage?: unknown };
  return rest;
}
