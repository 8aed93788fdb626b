import { Link } from 'react-router-dom';
import type { LoadedStep, LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { nextStep, previousStep } from '../wizard/navigation.js';
import { noteCompleted } from '../state/insights.js';

/** The previous/next links of a step without a form, labelled from wizard.json (content, review). */
export function StepLinks({ step, wizard }: { step: LoadedStep; wizard: LoadedWizard }) {
  const next = nextStep(wizard, step);
  const previous = previousStep(wizard, step);
  if (!step.buttons?.next && !step.buttons?.back) return null;
  return (
    <div className="step-actions">
      {step.buttons?.next && next && (
        <Link className="button button--primary" to={next.route} onClick={() => noteCompleted(step.id)}>
          {step.buttons.next}
        </Link>
      )}
      {step.buttons?.back && previous && (
        <Link className="button button--secondary" to={previous.route}>
          {step.buttons.back}
        </Link>
      )}
    </div>
  );
}
