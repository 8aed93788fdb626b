import type { Registry } from '@rjsf/utils';

/**
 * What the stepper hands every widget through RJSF's `formContext`, declared on the widgets' side.
 * Widgets that depend on other fields of the same step read `formData` (the city list follows the
 * province); widgets that own two values write the second with `setField` (the map writes
 * longitude, the captcha its id).
 */
export interface WizardFormContext {
  formData: Record<string, unknown>;
  setField: (name: string, value: unknown) => void;
}

const detached: WizardFormContext = { formData: {}, setField: () => undefined };

export function wizardFormContext(registry: Pick<Registry, 'formContext'>): WizardFormContext {
  const context = registry.formContext as Partial<WizardFormContext> | undefined;
  return {
    formData: context?.formData ?? detached.formData,
    setField: context?.setField ?? detached.setField,
  };
}
