import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import type { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { loadRegisterConfig, recordWelcomeVisit } from '../api/config.js';
import { RESULT_CONTENT } from '../wizard/navigation.js';
import { resolveTier } from '../wizard/tier.js';
import { useStepHeading } from '../wizard/use-step-heading.js';
import { useWizard, useWizardEnv } from '../wizard/wizard-env.js';
import { StepLinks } from './StepLinks.js';
import { StatusLink } from '../status/StatusLink.js';
import { useStoreRestored, useWizardStore } from '../state/wizard-store.js';

/**
 * The result page comes after the registration is sent: its code is fetched then (the navigation
 * to it waits for it, showing the last step meanwhile), not with /welcome and the form steps.
 */
const ResultPage = lazy(() => import('./ResultPage.js'));

/** A step without a form: a named page (welcome, result) or the step's plain `paragraphs`. */
export function ContentStepPage({ step }: { step: LoadedStep }) {
  if (step.content === 'welcome') return <WelcomePage step={step} />;
  if (step.content === RESULT_CONTENT)
    return (
      <Suspense fallback={null}>
        <ResultPage step={step} />
      </Suspense>
    );
  return <ParagraphsPage step={step} />;
}

/** The previous/next links of a content step, labelled from wizard.json. */
function ContentButtons({ step }: { step: LoadedStep }) {
  return <StepLinks step={step} wizard={useWizard()} />;
}

/** Register/Config for the first page (one fetch for the session, see api/config.ts). */
function useRegisterConfigOnce(): { data?: RegisterConfig; pending: boolean } {
  const [state, setState] = useState<{ data?: RegisterConfig; pending: boolean }>({ pending: true });
  useEffect(() => {
    let live = true;
    loadRegisterConfig().then(
      (data) => live && setState({ data, pending: false }),
      () => live && setState({ pending: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function WelcomePage({ step }: { step: LoadedStep }) {
  const heading = useStepHeading(step.title);
  const { state } = useWizardStore();
  const config = useRegisterConfigOnce();
  const plan = config.data ? resolveTier(config.data, state.tier) : undefined;

  // Loading the welcome screen counts one visit (once, with the plan it resolves to).
  const counted = useRef(false);
  // A hydrating page knows the plan of `?tier=` only once the store has taken it.
  const restored = useStoreRestored();
  const settled = !config.pending && restored;
  // A staff preview counts nothing.
  const { preview } = useWizardEnv();
  useEffect(() => {
    if (counted.current || !settled || preview) return;
    counted.current = true;
    recordWelcomeVisit(plan?.id ?? state.tier);
  }, [settled, plan?.id, state.tier, preview]);

  return (
    <section className="step step--content step--welcome" aria-labelledby={`${step.id}-heading`}>
      <h1 id={`${step.id}-heading`} ref={heading} tabIndex={-1} className="step__title">
        {step.title}
      </h1>
      <p className="welcome__greeting">{fa.ui.welcome.greeting}</p>
      {fa.ui.welcome.description.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p className="welcome__plan" aria-live="polite">
        {plan?.title ? (
          <>
            <span className="welcome__plan-label">{fa.ui.welcome.planLabel}</span> <strong>{plan.title}</strong>
          </>
        ) : config.pending ? (
          <span className="welcome__plan-label">{fa.ui.welcome.planLoading}</span>
        ) : null}
      </p>
      <ContentButtons step={step} />
      <StatusLink />
    </section>
  );
}

function ParagraphsPage({ step }: { step: LoadedStep }) {
  const heading = useStepHeading(step.title);
  return (
    <section className="step step--content" aria-labelledby={`${step.id}-heading`}>
      <h1 id={`${step.id}-heading`} ref={heading} tabIndex={-1} className="step__title">
        {step.title}
      </h1>
      {step.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <ContentButtons step={step} />
    </section>
  );
}
