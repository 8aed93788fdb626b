import { use } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { formSteps, type LoadedStep } from '../../shared/definition/wizard-definition.js';
import { useWidgetServices, WidgetServicesContext } from '../../../widgets/services.js';
import { appQueryClient } from '../api/query-client.js';
import { queryWidgetServices } from '../api/widget-services.js';
import { REVIEW_RETURN_PARAM } from '../wizard/navigation.js';
import { fill } from '../../shared/text/persian.js';
import { useActiveWizard, useWizardEnv } from '../wizard/wizard-env.js';
import { useWizardStore } from '../state/wizard-store.js';
import { reviewAnswers } from '../../shared/definition/review-display.js';
import { StepLinks } from './StepLinks.js';

/** A review step (`"kind": "review"`): every answer of the shown steps before it, each group with «ویرایش». */
export default function ReviewStepPage({ step }: { step: LoadedStep }) {
  const env = useWizardEnv();
  return (
    <QueryClientProvider client={env.queryClient ?? appQueryClient()}>
      <WidgetServicesContext value={queryWidgetServices}>
        <ReviewStep step={step} />
      </WidgetServicesContext>
    </QueryClientProvider>
  );
}

function ReviewStep({ step }: { step: LoadedStep }) {
  const env = useWizardEnv();
  const wizard = useActiveWizard(use(env.fullWizard()));
  const { state } = useWizardStore();
  const { search } = useLocation();
  const locations = useWidgetServices().useLocations().data;
  const index = wizard.steps.findIndex((candidate) => candidate.id === step.id);
  const earlier = formSteps({ ...wizard, steps: wizard.steps.slice(0, index) });
  const back = new URLSearchParams(search);
  back.set(REVIEW_RETURN_PARAM, step.id);
  return (
    <div className="review">
      {earlier.map((form) => (
        <section key={form.id} className="review__group" aria-labelledby={`review-${form.id}`}>
          <div className="review__header">
            <h2 id={`review-${form.id}`} className="review__title">
              {form.title}
            </h2>
            <Link
              className="button button--small"
              to={`${form.route}?${back.toString()}`}
              aria-label={fill(fa.ui.review.editLabel, { step: form.title })}
            >
              {fa.ui.review.edit}
            </Link>
          </div>
          <dl className="review__answers">
            {reviewAnswers(form, state.drafts[form.id] ?? {}, locations).map((answer) => (
              <div key={answer.field} className="review__answer">
                <dt>{answer.label}</dt>
                <dd>{answer.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <StepLinks step={step} wizard={wizard} />
    </div>
  );
}
