/**
 * Renders the wizard the way src/client/main.tsx does — <WizardApp> with the shell definition of
 * schemas/, the full definition and the precompiled validators loaded lazily — but inside a
 * MemoryRouter at the story's route, with the shared draft seeded in a Storage of its own and the
 * story's QueryClient (seeded by the global decorator in preview.tsx). So a step story is the real
 * generic step page rendered from its JSON, with the real route guard, header and stepper.
 */
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { WizardApp } from '../src/client/app/WizardApp.js';
import type { ValidatorFactory } from '../src/client/wizard/wizard-env.js';
import {
  DEFAULT_STORAGE_KEY,
  type RegistrationResult,
  type ServerErrors,
  type WizardState,
} from '../src/client/state/wizard-storage.js';
import { loadFullWizard, shellWizard } from '../src/client/wizard-source.js';
import type { StepTest } from '../src/shared/definition/step-conditions.js';
import type { Drafts, LoadedWizard } from '../src/shared/definition/wizard-definition.js';
import { MemoryStorage } from './memory-storage.js';

/** As main.tsx: the precompiled validators (virtual:wizard-validators) load with the form steps. */
export const loadValidators = (): Promise<ValidatorFactory> =>
  import('../src/client/form/bundled-validators.js').then((module) => module.precompiledValidatorFactory);

/** The steps of schemas/wizard.json, as the app loads them. */
export const wizardSteps = shellWizard.steps;

export function routeOf(stepId: string): string {
  const step = wizardSteps.find((candidate) => candidate.id === stepId);
  if (!step) throw new Error(`schemas/wizard.json has no step "${stepId}"`);
  return step.route;
}

export interface WizardStoryProps {
  /** Id of the step of schemas/wizard.json the story opens (its route). */
  step: string;
  /** The query string of the visit, e.g. `?tier=2`. */
  search?: string;
  /** The shared draft: step id -> field values, as earlier steps left it. */
  drafts?: Drafts;
  /** Steps whose Continue already passed (the route guard lets a later step open only after them). */
  completed?: string[];
  /** `?tier=` remembered from an earlier page. */
  tier?: number;
  /** The outcome of the last registration attempt (what /enter shows). */
  result?: RegistrationResult;
  /** The server's field messages, by step and field. */
  serverErrors?: ServerErrors;
  /** Another definition than schemas/ (complete, with its validators and step conditions). */
  definition?: { wizard: LoadedWizard; loadValidators: () => Promise<ValidatorFactory>; stepTest: StepTest };
}

/** Where the router is (tests and the a11y panel ignore it: it is `hidden`). */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="story-location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

export function WizardStory({
  step,
  search = '',
  drafts = {},
  completed = [],
  tier,
  result,
  serverErrors = {},
  definition,
}: WizardStoryProps) {
  const queryClient = useQueryClient();
  const [storage] = useState(() => {
    const state: WizardState = { drafts, completed, tier, serverErrors, result };
    return new MemoryStorage({ [DEFAULT_STORAGE_KEY]: JSON.stringify(state) });
  });
  return (
    <MemoryRouter
      initialEntries={[
        `${definition?.wizard.steps.find((candidate) => candidate.id === step)?.route ?? routeOf(step)}${search}`,
      ]}
    >
      <WizardApp
        wizard={definition?.wizard ?? shellWizard}
        loadFullWizard={definition ? undefined : loadFullWizard}
        loadValidators={definition?.loadValidators ?? loadValidators}
        stepTest={definition?.stepTest}
        queryClient={queryClient}
        storage={storage}
      />
      <LocationProbe />
    </MemoryRouter>
  );
}
