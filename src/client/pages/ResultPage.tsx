/**
 * The last step: what became of the registration — its tracking code and where to follow
 * it, or what to do after a failure — with the rules one tap away. Loaded on its own, once the
 * registration has been sent (ContentStepPage.tsx).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { fallbackStep } from '../wizard/navigation.js';
import { useStepHeading } from '../wizard/use-step-heading.js';
import { useWizard } from '../wizard/wizard-env.js';
import { StatusLink } from '../status/StatusLink.js';
import type { RegistrationResult } from '../state/wizard-storage.js';
import { useWizardStore } from '../state/wizard-store.js';

/** The rules dialog of widgets/ (and its styles) load when first opened. */
const RulesDialog = lazy(() => import('./rules-dialog.js'));

function resultTitle(step: LoadedStep, result: RegistrationResult | undefined): string {
  if (!result) return step.title;
  if (result.previewBody !== undefined) return fa.wizardVersions.previewHeading;
  return result.success ? fa.registration.successHeading : fa.registration.failureHeading;
}

export default function ResultPage({ step }: { step: LoadedStep }) {
  const { state, actions } = useWizardStore();
  const [rulesOpen, setRulesOpen] = useState(false);
  // Stays mounted after the first opening, so closing returns focus to the button.
  const [rulesLoaded, setRulesLoaded] = useState(false);
  const result = state.result;
  const success = result?.success === true;
  const title = resultTitle(step, result);
  const heading = useStepHeading(title);
  const message =
    result?.message || (result && !success ? fa.registration.failedMessage : fa.registration.defaultMessage);

  // A success's drafts (personal data) leave the browser once it is shown.
  useEffect(() => {
    if (success) actions.forgetDrafts();
  }, [success, actions]);

  return (
    <section
      className={`step step--content step--result ${result ? (success ? 'step--success' : 'step--failure') : ''}`}
      aria-labelledby={`${step.id}-heading`}
    >
      <div className={`result-banner ${success ? 'result-banner--success' : result ? 'result-banner--failure' : ''}`}>
        <span className="result-banner__icon" aria-hidden="true">
          {success ? '✓' : result ? '!' : 'i'}
        </span>
        <h1 id={`${step.id}-heading`} ref={heading} tabIndex={-1} className="step__title">
          {title}
        </h1>
      </div>
      <p className="result__message" role="status">
        {message}
      </p>
      {success && <ResultReceipt result={result} />}
      {step.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <button
          type="button"
          className="button button--link"
          aria-haspopup="dialog"
          onClick={() => {
            setRulesOpen(true);
            setRulesLoaded(true);
          }}
        >
          {fa.ui.result.rulesLink}
        </button>
      </p>
      <ResultActions result={result} />
      {(rulesOpen || rulesLoaded) && (
        <Suspense fallback={null}>
          <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** What a success leaves the manager: the tracking code (or, in a staff preview, the body that would have been posted). */
function ResultReceipt({ result }: { result: RegistrationResult }) {
  return (
    <>
      {result.previewBody !== undefined && (
        <pre
          className="result__preview-body"
          dir="ltr"
          role="region"
          // A region that scrolls must take focus to be read by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={fa.wizardVersions.previewHeading}
        >
          {result.previewBody}
        </pre>
      )}
      {result.trackingCode && (
        <div className="result__tracking">
          <p>
            {fa.ui.result.trackingCode}{' '}
            <strong className="result__code" dir="ltr">
              {result.trackingCode}
            </strong>
          </p>
          <p className="result__hint">{fa.ui.result.trackingHint}</p>
        </div>
      )}
    </>
  );
}

/** Try again after a failure; after a success, follow the registration's status or start over. */
function ResultActions({ result }: { result: RegistrationResult | undefined }) {
  const wizard = useWizard();
  const { state, actions } = useWizardStore();
  const navigate = useNavigate();
  const success = result?.success === true;

  const tryAgain = () => {
    // Everything is kept. The first step the server found fault with opens (else the last form
    // step), with the server's messages on its fields and a fresh captcha on /manager.
    const faulty = wizard.steps.filter((candidate) => Object.keys(state.serverErrors[candidate.id] ?? {}).length > 0);
    actions.reopen(faulty.map((candidate) => candidate.id));
    void navigate((faulty[0] ?? fallbackStep(wizard, state)).route);
  };

  return (
    <div className="step-actions">
      {result && !success && (
        <button type="button" className="button button--primary" onClick={tryAgain}>
          {fa.ui.result.tryAgain}
        </button>
      )}
      {success && result?.trackingCode && <StatusLink trackingCode={result.trackingCode} />}
      {success && (
        <Link className="button button--secondary" to={wizard.steps[0].route}>
          {fa.ui.result.startOver}
        </Link>
      )}
    </div>
  );
}
