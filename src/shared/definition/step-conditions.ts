/**
 * Conditional steps: a step of wizard.json may carry `"when"`, a JSON Schema over the answers of
 * the earlier steps (their drafts merged into one object: `{ "type": 2, "service": 1, … }`). A step
 * whose condition does not hold is skipped: not numbered, not reachable, its fields not posted, and
 * the server refuses them. Whether a condition holds is asked of a `StepTest`, so each side uses its
 * own validators compiled from the one configuration (the browser's precompiled at build time).
 */
// Types only: this module is in the browser's first chunk, which does not carry the definition code.
import type { Drafts, LoadedStep, LoadedWizard } from './wizard-definition.js';

export type StepTest = (step: LoadedStep, answers: Record<string, unknown>) => boolean;

export function hasStepConditions(wizard: LoadedWizard): boolean {
  return wizard.steps.some((step) => step.when !== undefined);
}

/** The ids of the steps shown for these drafts, in order. */
export function activeStepIds(wizard: LoadedWizard, drafts: Drafts, test: StepTest): string[] {
  const ids: string[] = [];
  const answers: Record<string, unknown> = {};
  for (const step of wizard.steps) {
    if (step.when !== undefined && !test(step, { ...answers })) continue;
    ids.push(step.id);
    // Only the answers of a step that is shown count for the steps after it. A draft holds only its
    // step's fields (read from the draft itself: the browser's first chunk has no step schemas).
    if (step.kind === 'form') Object.assign(answers, definedValues(drafts[step.id] ?? {}));
  }
  return ids;
}

function definedValues(draft: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
}

/** The wizard as the manager walks it now: only its shown steps (the same object when all are). */
export function activeWizard(wizard: LoadedWizard, drafts: Drafts, test: StepTest): LoadedWizard {
  if (!hasStepConditions(wizard)) return wizard;
  return withSteps(wizard, activeStepIds(wizard, drafts, test));
}

export function withSteps(wizard: LoadedWizard, ids: readonly string[]): LoadedWizard {
  if (ids.length === wizard.steps.length) return wizard;
  return { ...wizard, steps: wizard.steps.filter((step) => ids.includes(step.id)) };
}
