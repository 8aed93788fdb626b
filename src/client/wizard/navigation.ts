/**
 * Where the wizard may go, computed from the definition and the shared state only, so every rule
 * follows schemas/wizard.json (steps added or reordered there are handled alike).
 */
import type { LoadedStep, LoadedWizard } from '../../shared/definition/wizard-definition.js';
import type { WizardState } from '../state/wizard-storage.js';

/** Query parameter of a review step's «ویرایش» link: the review step to return to after Continue. */
export const REVIEW_RETURN_PARAM = 'review';

/** Content name of the step that shows the registration's outcome. */
export const RESULT_CONTENT = 'result';

export function stepIndexOf(wizard: LoadedWizard, stepId: string): number {
  return wizard.steps.findIndex((step) => step.id === stepId);
}

export function nextStep(wizard: LoadedWizard, step: LoadedStep): LoadedStep | undefined {
  return wizard.steps[stepIndexOf(wizard, step.id) + 1];
}

export function previousStep(wizard: LoadedWizard, step: LoadedStep): LoadedStep | undefined {
  const index = stepIndexOf(wizard, step.id);
  return index > 0 ? wizard.steps[index - 1] : undefined;
}

export function isResultStep(step: LoadedStep): boolean {
  return step.kind === 'content' && step.content === RESULT_CONTENT;
}

/** The step a registration attempt lands on: the result step, else the one after the submit step. */
export function resultStep(wizard: LoadedWizard, submitStep: LoadedStep): LoadedStep | undefined {
  return wizard.steps.find(isResultStep) ?? nextStep(wizard, submitStep);
}

/** The first form step whose Continue has not passed since its draft last changed. */
export function firstIncompleteStep(
  wizard: LoadedWizard,
  state: Pick<WizardState, 'completed'>,
): LoadedStep | undefined {
  return wizard.steps.find((step) => step.kind === 'form' && !state.completed.includes(step.id));
}

/**
 * Whether a step may be shown now: the result step once there is a result (a success forgets the
 * drafts), any other step when every form step before it is complete. Otherwise the caller
 * redirects to `fallbackStep`.
 */
export function canOpen(
  wizard: LoadedWizard,
  step: LoadedStep,
  state: Pick<WizardState, 'completed' | 'result'>,
): boolean {
  if (isResultStep(step)) return state.result !== undefined;
  const index = stepIndexOf(wizard, step.id);
  return !wizard.steps
    .slice(0, index)
    .some((earlier) => earlier.kind === 'form' && !state.completed.includes(earlier.id));
}

/** Where a step that may not be opened sends the visitor. */
export function fallbackStep(wizard: LoadedWizard, state: Pick<WizardState, 'completed' | 'result'>): LoadedStep {
  const incomplete = firstIncompleteStep(wizard, state);
  if (incomplete) return incomplete;
  const forms = wizard.steps.filter((step) => step.kind === 'form');
  return forms[forms.length - 1] ?? wizard.steps[0];
}
