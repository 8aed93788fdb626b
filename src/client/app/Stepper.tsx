import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { faDigits, fill } from '../../shared/text/persian.js';

export interface StepperProps {
  /** The steps of the loaded definition, in order (titles come from wizard.json). */
  steps: readonly LoadedStep[];
  /** Id of the step on screen; it is marked `aria-current="step"`. */
  currentId: string | undefined;
  /** Steps already passed (shown filled). */
  completed?: readonly string[];
}

/** The stepper's numbered circles: one per step, the current one highlighted. */
export function Stepper({ steps, currentId, completed = [] }: StepperProps) {
  const currentIndex = steps.findIndex((step) => step.id === currentId);
  return (
    <nav className="stepper" aria-label={fa.ui.stepsLabel}>
      <ol className="stepper__list">
        {steps.map((step, index) => {
          const current = index === currentIndex;
          const done = !current && (completed.includes(step.id) || (currentIndex >= 0 && index < currentIndex));
          const className = ['stepper__item', current && 'stepper__item--current', done && 'stepper__item--done']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={step.id} className={className} aria-current={current ? 'step' : undefined}>
              <span className="stepper__circle" aria-hidden="true">
                {faDigits(index + 1)}
              </span>
              <span className="stepper__title">
                <span className="visually-hidden">
                  {fill(fa.ui.stepOf, { current: index + 1, total: steps.length })}:{' '}
                </span>
                {step.title}
                {done && <span className="visually-hidden"> ({fa.ui.stepDone})</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {currentIndex >= 0 && (
        <p className="stepper__caption" aria-hidden="true">
          {fill(fa.ui.stepOf, { current: currentIndex + 1, total: steps.length })}: {steps[currentIndex].title}
        </p>
      )}
    </nav>
  );
}
