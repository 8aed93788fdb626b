/**
 * The one generic form step: any form step of the definition rendered by RJSF from its JSON Schema
 * and uiSchema, with the custom widgets, our templates, the precompiled validator, messages from
 * the schemas, an error summary, focus on the first invalid field, and the step's buttons.
 */
import { use, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { normalizeBySchema } from '../../shared/normalize.js';
import { fa } from '../../shared/strings.fa.js';
import type { LoadedStep } from '../../shared/wizard-definition.js';
import { nextStep, previousStep } from '../app/navigation.js';
import { useWizardEnv } from '../app/wizard-env.js';
import { useWizardStore } from '../state/wizard-store.js';
import { ErrorSummary, type SummaryItem } from './ErrorSummary.js';
import type { WizardFormContext } from './form-context.js';
import { stepErrorTools } from './errors.js';
import { contextDependencies } from './context-dependencies.js';
import { usableUiSchema, widgets } from './registry.js';
import { templates } from './templates.js';
import { useRegistrationSubmit } from './use-registration-submit.js';
import { appQueryClient } from '../api/query-client.js';

type Data = Record<string, unknown>;

/** RJSF would otherwise fill a `const` in as a default: preselected options, pre-ticked terms. */
export const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;
type WizardForm = Form<Data, RJSFSchema, WizardFormContext>;

/** The id RJSF gives a top-level field (idPrefix `root`, separator `_`), which widgets put on their focusable element. */
export function fieldId(field: string): string {
  return `root_${field}`;
}

/** Focuses a field's own element, else the first focusable thing inside its wrapper. */
export function focusField(container: HTMLElement | null, field: string): void {
  if (!container) return;
  const byId = container.ownerDocument.getElementById(fieldId(field));
  const wrapper = container.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  const target =
    byId && !(byId instanceof HTMLInputElement && byId.type === 'hidden')
      ? byId
      : wrapper?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, [tabindex]');
  // A field that cannot take focus yet (a select disabled while its list loads) would leave focus on
  // the button: the error summary takes it instead, so the manager still lands on what blocks them.
  if (target && !target.matches(':disabled')) return target.focus();
  container.ownerDocument.querySelector<HTMLElement>('.error-summary')?.focus();
}

function topField(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
}

/** React Query for the widgets and the submit: the test's client, else the app's session client. */
export default function FormStepPage({ step }: { step: LoadedStep }) {
  const env = useWizardEnv();
  return (
    <QueryClientProvider client={env.queryClient ?? appQueryClient()}>
      <FormStep step={step} />
    </QueryClientProvider>
  );
}

function FormStep({ step: shellStep }: { step: LoadedStep }) {
  const env = useWizardEnv();
  const wizard = use(env.fullWizard());
  const step = wizard.steps.find((candidate) => candidate.id === shellStep.id) ?? shellStep;
  const factory = use(env.validators());
  const validator = useMemo(() => factory(step), [factory, step]);
  const { state, actions } = useWizardStore();
  const navigate = useNavigate();
  const formRef = useRef<WizardForm>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<RJSFValidationError[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [summaryKey, setSummaryKey] = useState(0);
  const { submit, busy } = useRegistrationSubmit(wizard, step);

  const tools = useMemo(() => stepErrorTools(wizard, step), [wizard, step]);
  const uiSchema = useMemo(() => usableUiSchema(step.ui), [step.ui]);
  const schema = step.jsonSchema as RJSFSchema;
  const draft = useMemo<Data>(() => state.drafts[step.id] ?? {}, [state.drafts, step.id]);
  const serverMessages = state.serverErrors[step.id];
  const extraErrors = useMemo(() => tools.extraErrors(serverMessages), [tools, serverMessages]);

  // The form context keeps its identity while the manager types: RJSF's SchemaField skips a field
  // whose props are deep-equal, and a context holding the whole draft made every field re-render on
  // every keystroke. Widgets still read fresh values through the `formData` getter; the context
  // changes (its `dependencies` value) only when a field some widget follows (a sibling named in a
  // `ui:options`, e.g. the province of the city picker) changes, so those widgets re-render.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const dependencyFields = useMemo(() => contextDependencies(uiSchema, schema), [uiSchema, schema]);
  const dependencies = JSON.stringify(dependencyFields.map((field) => draft[field] ?? null));
  const setField = useCallback(
    (name: string, value: unknown) => {
      const form = formRef.current;
      if (form) form.setFieldValue(name, value as never);
      else actions.setDraft(step.id, { ...draftRef.current, [name]: value });
    },
    [actions, step.id],
  );
  const formContext = useMemo<WizardFormContext & { dependencies: string }>(
    () => ({
      get formData() {
        return draftRef.current;
      },
      setField,
      dependencies,
    }),
    [setField, dependencies],
  );

  const onChange = (event: IChangeEvent<Data, RJSFSchema, WizardFormContext>) => {
    const data = event.formData ?? {};
    if (serverMessages) {
      const changed = Object.keys(serverMessages).filter(
        (field) => JSON.stringify(data[field]) !== JSON.stringify(draft[field]),
      );
      if (changed.length) actions.clearServerErrors(step.id, changed);
    }
    actions.setDraft(step.id, data);
    if (attempted) setErrors(event.errors ?? []);
  };

  /** Persian digits, Arabic letters and stray spaces are normalised before the validator sees them. */
  const normalizeBeforeValidation = (event: FormEvent) => {
    const form = formRef.current;
    if (!form || event.target !== form.formElement.current) return;
    const current = (form.state.formData ?? {}) as Data;
    const normalized = normalizeBySchema(current, schema as never) as Data;
    for (const [name, value] of Object.entries(normalized)) {
      const next = value === '' ? undefined : value;
      if (!Object.is(next, current[name])) form.setFieldValue(name, next as never);
    }
  };

  // The errors of the latest validation, in the order the fields are shown (transformErrors sorts
  // them), so focus goes to the first invalid field on screen, map and captcha included.
  const errorsRef = useRef<RJSFValidationError[]>([]);
  const focusFirstError = () => {
    const first = errorsRef.current[0];
    if (first) focusField(containerRef.current, tools.displayField(topField(first)));
  };
  const transformErrors = useCallback(
    (raw: RJSFValidationError[]) => {
      const transformed = tools.transformErrors(raw);
      errorsRef.current = transformed;
      return transformed;
    },
    [tools],
  );

  const onError = (found: RJSFValidationError[]) => {
    setErrors(found);
    setAttempted(true);
    setSummaryKey((key) => key + 1);
  };

  const onSubmit = (event: IChangeEvent<Data, RJSFSchema, WizardFormContext>) => {
    const data = event.formData ?? {};
    setErrors([]);
    actions.setDraft(step.id, data);
    actions.markCompleted(step.id);
    if (step.buttons?.submit) {
      void submit(data);
      return;
    }
    const next = nextStep(wizard, step);
    if (next) navigate(next.route);
  };

  const previous = previousStep(wizard, step);
  const primaryLabel = step.buttons?.submit ?? step.buttons?.next;
  const summaryItems: SummaryItem[] = useMemo(() => {
    const seen = new Set<string>();
    const items: SummaryItem[] = [];
    const add = (field: string, message: string) => {
      if (!field || seen.has(field) || !message) return;
      seen.add(field);
      items.push({ field, id: fieldId(field), message });
    };
    const serverFields = Object.entries(serverMessages ?? {}).map(
      ([field, message]) => [tools.displayField(field), message] as const,
    );
    for (const error of errors) add(topField(error), error.message ?? '');
    for (const [field, message] of serverFields) add(field, message);
    return items.sort((a, b) => tools.order.indexOf(a.field) - tools.order.indexOf(b.field));
  }, [errors, serverMessages, tools]);

  return (
    <div ref={containerRef} className="step-form" onSubmitCapture={normalizeBeforeValidation}>
      <ErrorSummary
        key={summaryKey}
        items={summaryItems}
        onSelect={(field) => focusField(containerRef.current, field)}
      />
      <Form<Data, RJSFSchema, WizardFormContext>
        ref={formRef}
        className="step-form__form"
        schema={schema}
        uiSchema={uiSchema}
        formData={draft}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        templates={templates}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        noHtml5Validate
        // A `const` is a rule, not a value: no option of a select is preselected and the terms are never pre-accepted.
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
        showErrorList={false}
        // After a blocked attempt, messages follow each change (never a blur: a message vanishing
        // on the mousedown that leaves a field would move the button from under the click).
        liveValidate={attempted ? 'onChange' : undefined}
        focusOnFirstError={focusFirstError}
        onChange={onChange}
        onError={onError}
        onSubmit={onSubmit}
        disabled={busy}
      >
        <div className="step-actions">
          {primaryLabel && (
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? fa.ui.form.submitting : primaryLabel}
            </button>
          )}
          {step.buttons?.back && previous && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigate(previous.route)}
              disabled={busy}
            >
              {step.buttons.back}
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}
