import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ValidatorType } from '@rjsf/utils';
import type { LoadedStep, LoadedWizard } from '../../shared/wizard-definition.js';

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
}

const WizardEnvContext = createContext<WizardEnvironment | null>(null);

export interface WizardEnvProviderProps {
  wizard: LoadedWizard;
  /** Loads the definition with its schemas; without it, `wizard` is already complete (tests). */
  loadFullWizard?: () => Promise<LoadedWizard>;
  loadValidators: ValidatorLoader;
  queryClient?: QueryClient;
  children: ReactNode;
}

export function WizardEnvProvider({
  wizard,
  loadFullWizard,
  loadValidators,
  queryClient,
  children,
}: WizardEnvProviderProps) {
  const value = useMemo<WizardEnvironment>(() => {
    let validators: Promise<ValidatorFactory> | undefined;
    let full: Promise<LoadedWizard> | undefined;
    return {
      wizard,
      queryClient,
      fullWizard: () => {
        full ??= loadFullWizard ? loadFullWizard() : Promise.resolve(wizard);
        return full;
      },
      validators: () => {
        validators ??= loadValidators();
        return validators;
      },
    };
  }, [wizard, loadFullWizard, loadValidators, queryClient]);
  return <WizardEnvContext.Provider value={value}>{children}</WizardEnvContext.Provider>;
}

export function useWizardEnv(): WizardEnvironment {
  const env = useContext(WizardEnvContext);
  if (!env) throw new Error('useWizardEnv() needs <WizardApp> (or <WizardEnvProvider>) above it.');
  return env;
}

export function useWizard(): LoadedWizard {
  return useWizardEnv().wizard;
}
