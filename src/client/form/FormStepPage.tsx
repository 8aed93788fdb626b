/**
 * The one generic form step: any form step of the definition rendered by RJSF from its JSON Schema
 * and uiSchema, with the custom widgets, our templates, the precompiled validator, messages from
 * the schemas, an error summary, focus on the first invalid field, and the step's buttons. Each
 * concern is a hook of its own (definition, draft, widget context, normalisation, errors, submit).
 */
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import { REVIEW_RETURN_PARAM, nextStep, previousStep } from '../wizard/navigation.js';
import { useWizardEnv } from '../wizard/wizard-env.js';
import { useWizardStore } from '../state/wizard-store.js';
import { ErrorSummary } from '../../../widgets/templates/ErrorSummary.js';
import { focusField } from '../../../widgets/templates/field-focus.js';
import type { WizardFormContext } from './form-context.js';
import { DEFAULTS_BEHAVIOUR, templates, translateString, widgets } from '../../../widgets/registry.js';
import { useNormalizeOnSubmit } from './use-normalize-on-submit.js';
import { useRegistrationSubmit } from './use-registration-submit.js';
import { useStepDefinition } from './use-step-definition.js';
import { useStepDraft } from './use-step-draft.js';
import { useStepErrors } from './use-step-errors.js';
import { useFieldInsights } from './use-field-insights.js';
import { useWidgetContext } from './use-widget-context.js';
import { useVerifiedFields } from './use-verified-fields.js';
import { appQueryClient } from '../api/query-client.js';
import { queryWidgetServices } from '../api/widget-services.js';
import { WidgetServicesContext } from '../../../widgets/services.js';
import { useHydrated } from '../../../widgets/use-hydrated.js';

export { fieldId, focusField } from '../../../widgets/templates/field-focus.js';

type Data = Record<string, unknown>;

type WizardForm = Form<Data, RJSFSchema, WizardFormContext>;
type FormEvent = IChangeEvent<Data, RJSFSchema, WizardFormContext>;

/**
 * React Query for the widgets and the submit (the test's client, else the app's session client),
 * and the widgets' services over it.
 */
export default function FormStepPage({ step }: { step: LoadedStep }) {
  const env = useWizardEnv();
  return (
    <QueryClientProvider client={env.queryClient ?? appQueryClient()}>
      <WidgetServicesContext value={queryWidgetServices}>
        <FormStep step={step} />
      </WidgetServicesContext>
    </QueryClientProvider>
  );
}

function FormStep({ step: shellStep }: { step: LoadedStep }) {
  const definition = useStepDefinition(shellStep);
  const { wizard, step, schema, uiSchema, validator, tools } = definition;
  const { actions } = useWizardStore();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const formRef = useRef<WizardForm>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const { draft, serverMessages, saveDraft, visibleAnswers } = useStepDraft(definition);
  const formContext = useWidgetContext(draft, uiSchema, formRef, saveDraft);
  const normalizeBeforeValidation = useNormalizeOnSubmit(formRef, schema);
  const errors = useStepErrors(tools, serverMessages, () => containerRef.current);
  const customValidate = useVerifiedFields(schema);
  const { submit, busy } = useRegistrationSubmit(wizard, step);
  const insights = useFieldInsights(step);
  // The pre-rendered form stays disabled until React owns it: text typed into the HTML before
  // hydration would be overwritten by the form's state, and a press of its button would submit the
  // page natively instead of going to the next step.
  const hydrated = useHydrated();
  const locked = busy || !hydrated;

  const onChange = (event: FormEvent) => {
    saveDraft(event.formData ?? {});
    errors.followChange(event.errors);
    if (errors.attempted) insights.follow(event.errors);
  };

  const onSubmit = (event: FormEvent) => {
    const data = visibleAnswers(event.formData ?? {});
    errors.clear();
    insights.passed();
    actions.setDraft(step.id, data);
    actions.markCompleted(step.id);
    if (step.buttons?.submit) {
      void submit(data);
      return;
    }
    // Opened from the review step's «ویرایش»: back to the review once the step passes.
    const review = wizard.steps.find(
      (candidate) => candidate.kind === 'review' && candidate.id === searchParams.get(REVIEW_RETURN_PARAM),
    );
    const next = review ?? nextStep(wizard, step);
    if (next) void navigate(next.route);
  };

  const previous = previousStep(wizard, step);

  return (
    <div ref={containerRef} className="step-form" onSubmitCapture={normalizeBeforeValidation} {...insights.listeners}>
      <ErrorSummary
        key={errors.summaryKey}
        items={errors.summaryItems}
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
        translateString={translateString}
        transformErrors={errors.transformErrors}
        customValidate={customValidate}
        extraErrors={errors.extraErrors}
        noHtml5Validate
        // A `const` is a rule, not a value: no option of a select is preselected and the terms are never pre-accepted.
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
        showErrorList={false}
        // After a blocked attempt, messages follow each change (never a blur: a message vanishing
        // on the mousedown that leaves a field would move the button from under the click).
        liveValidate={errors.attempted ? 'onChange' : undefined}
        focusOnFirstError={errors.focusFirstError}
        onChange={onChange}
        onError={insights.blocking(errors.onError)}
        onSubmit={onSubmit}
        disabled={locked}
      >
        <StepActions step={step} previous={previous} busy={busy} locked={locked} />
      </Form>
    </div>
  );
}

/** The step's buttons: Continue (or the registration's submit) and Back. */
function StepActions({
  step,
  previous,
  busy,
  locked,
}: {
  step: LoadedStep;
  previous: LoadedStep | undefined;
  busy: boolean;
  locked: boolean;
}) {
  const navigate = useNavigate();
  const primaryLabel = step.buttons?.submit ?? step.buttons?.next;
  return (
    <div className="step-actions">
      {primaryLabel && (
        <button type="submit" className="button button--primary" disabled={locked} aria-busy={busy || undefined}>
          {busy ? fa.ui.form.submitting : primaryLabel}
        </button>
      )}
      {step.buttons?.back && previous && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => navigate(previous.route)}
          disabled={locked}
        >
          {step.buttons.back}
        </button>
      )}
    </div>
  );
}
