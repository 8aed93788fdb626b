/**
 * The tests' side of the one way a widget is mounted (widgets/widget-form.tsx, shared with the
 * stories): the real RJSF `Form` with the wizard's registry, holding only the chosen fields of a
 * step. API answers are seeded into a fresh QueryClient (story-helpers); nothing else is mocked.
 */
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import locationSchema from '../../../schemas/steps/location.schema.json';
import locationUi from '../../../schemas/steps/location.ui.json';
import managerSchema from '../../../schemas/steps/manager.schema.json';
import managerUi from '../../../schemas/steps/manager.ui.json';
import { WidgetServicesContext } from '../../../widgets/services.js';
import { queryWidgetServices } from '../../../src/client/api/widget-services.js';
import { createSeededClient, WidgetProviders, type ApiSeeds } from '../../../widgets/story-helpers.js';
import { WidgetForm } from '../../../widgets/widget-form.js';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const steps = {
  location: { schema: locationSchema, uiSchema: locationUi },
  manager: { schema: managerSchema, uiSchema: managerUi },
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

  const user = userEvent.setup();
  const view = render(
    <WidgetProviders client={client}>
      <WidgetServicesContext value={queryWidgetServices}>
        <WidgetForm
          step={steps[options.step]}
          fields={options.fields}
          formData={options.formData}
          errors={options.errors}
          disabled={options.disabled}
          readonly={options.readonly}
          onSetField={onSetField}
          onChange={(next) => {
            latest.current = next;
            onChange(next);
          }}
        />
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
