import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { activeStepIds, hasStepConditions, withSteps, type StepTest } from '../../shared/definition/step-conditions.js';
import { useWizardStore } from '../state/wizard-store.js';
import type { QueryClient } from '@tanstack/react-query';
import type { ValidatorType } from '@rjsf/utils';
import type { LoadedStep, LoadedWizard } from '../../shared/definition/wizard-definition.js';

/** Gives the RJSF validator of a form step. */
export type ValidatorFactory = (step: LoadedStep) => ValidatorType;

/**
 * Loads the validator factory. The app loads the precompiled validators lazily (they live in the
 * form steps' chunk, never on /welcome); tests hand a runtime ajv validator for any definition.
 */
export type ValidatorLoader = () => Promise<ValidatorFactory>;

export interface WizardEnvironment {
  /**
   * The wizard definition the shell is rendered from (schemas/, or a test's copy). In the app its
   * form steps carry no JSON Schema yet (see wizard-source.ts); `fullWizard()` has them.
   */
  wizard: LoadedWizard;
  /** The definition with every schema: what the form steps render and submit from. */
  fullWizard: () => Promise<LoadedWizard>;
  /** One promise for the whole session, so React's `use()` can suspend on it. */
  validators: () => Promise<ValidatorFactory>;
  /** React Query client for the form steps; undefined: the app's session client. */
  queryClient?: QueryClient;
  /** Whether a step's `when` holds for the earlier answers (precompiled in the app). */
  stepTest: StepTest;
  /** The version being filled in (sent with the registration); undefined: the server's live one. */
  version?: string;
  /**
   * A staff preview of a draft: nothing is posted or counted, and the final step shows the body
   * that would have been posted.
   */
  preview: boolean;
}

/** For a definition without `when`: every step is shown. */
const everyStep: StepTest = () => true;

const WizardEnvContext = createContext<WizardEnvironment | null>(null);

export interface WizardEnvProviderProps {
  wizard: LoadedWizard;
  /** Loads the definition with its schemas; without it, `wizard` is already complete (tests). */
  loadFullWizard?: () => Promise<LoadedWizard>;
  loadValidators: ValidatorLoader;
  queryClient?: QueryClient;
  /** Evaluates the steps' `when`; needed only by a definition that has one. */
  stepTest?: StepTest;
  version?: string;
  preview?: boolean;
  children: ReactNode;
}

export function WizardEnvProvider({
  wizard,
  loadFullWizard,
  loadValidators,
  queryClient,
  stepTest,
  version,
  preview = false,
  children,
}: WizardEnvProviderProps) {
  const value = useMemo<WizardEnvironment>(() => {
    let validators: Promise<ValidatorFactory> | undefined;
    let full: Promise<LoadedWizard> | undefined;
    if (!stepTest && hasStepConditions(wizard))
      throw new Error('This definition has steps with "when": <WizardApp> needs a stepTest.');
    return {
      wizard,
      queryClient,
      stepTest: stepTest ?? everyStep,
      version,
      preview,
      fullWizard: () => {
        full ??= loadFullWizard ? loadFullWizard() : Promise.resolve(wizard);
        return full;
      },
      validators: () => {
        validators ??= loadValidators();
        return validators;
      },
    };
  }, [wizard, loadFullWizard, loadValidators, queryClient, stepTest, version, preview]);
  return <WizardEnvContext.Provider value={value}>{children}</WizardEnvContext.Provider>;
}

export function useWizardEnv(): WizardEnvironment {
  const env = useContext(WizardEnvContext);
  if (!env) throw new Error('useWizardEnv() needs <WizardApp> (or <WizardEnvProvider>) above it.');
  return env;
}

/** The definition as the manager walks it now: steps whose `when` fails are left out. */
export function useWizard(): LoadedWizard {
  return useActiveWizard(useWizardEnv().wizard);
}

/** The ids of the steps shown now, one per line ('' when the definition has no `when`). */
const ActiveStepsContext = createContext('');

/**
 * Works out which steps are shown for the current drafts, below the store. It re-renders on every
 * draft change, but its consumers only when the set of shown steps changes: typing does not
 * re-render what depends on the definition.
 */
export function ActiveStepsProvider({ children }: { children: ReactNode }) {
  const { wizard, stepTest } = useWizardEnv();
  const { state } = useWizardStore();
  const key = hasStepConditions(wizard) ? activeStepIds(wizard, state.drafts, stepTest).join('\n') : '';
  return <ActiveStepsContext.Provider value={key}>{children}</ActiveStepsContext.Provider>;
}

/** `wizard` (the shell or the full definition) without the steps skipped for the current drafts. */
export function useActiveWizard(wizard: LoadedWizard): LoadedWizard {
  const key = useContext(ActiveStepsContext);
  return useMemo(() => (key ? withSteps(wizard, key.split('\n')) : wizard), [wizard, key]);
}
