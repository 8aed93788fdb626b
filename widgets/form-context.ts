import type { Registry } from '@rjsf/utils';
import { createPinMoves, type PinMoves } from './pin-moves.js';

/**
 * What the stepper hands every widget through RJSF's `formContext`, declared on the widgets' side.
 * Widgets that depend on other fields of the same step read `formData` (the city list follows the
 * province); widgets that own two values write the second with `setField` (the map writes
 * longitude, the captcha its id). The map tells the address box where the manager put its pin
 * through `pinMoves`.
 */
export interface WizardFormContext {
  formData: Record<string, unknown>;
  setField: (name: string, value: unknown) => void;
  pinMoves: PinMoves;
}

const detached: WizardFormContext = { formData: {}, setField: () => undefined, pinMoves: createPinMoves() };

export function wizardFormContext(registry: Pick<Registry, 'formContext'>): WizardFormContext {
  const context = registry.formContext as Partial<WizardFormContext> | undefined;
  return {
    formData: context?.formData ?? detached.formData,
    setField: context?.setField ?? detached.setField,
    pinMoves: context?.pinMoves ?? detached.pinMoves,
  };
}
