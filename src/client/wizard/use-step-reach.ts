import { useEffect, useRef } from 'react';
import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import { recordStepReach } from '../api/config.js';
import { noteStep } from '../state/insights.js';
import { useStoreRestored, useWizardState } from '../state/wizard-store.js';
import { canOpen, stepIndexOf } from './navigation.js';
import { useWizard, useWizardEnv } from './wizard-env.js';

/**
 * Counts, once per visit, each step the visitor really reaches: not a step the guard is about to
 * send them away from, and only once the tab's own state (and plan) is in.
 */
export function useStepReach(current: LoadedStep | undefined, planSettled: boolean): void {
  const wizard = useWizard();
  const state = useWizardState();
  const restored = useStoreRestored();
  const reached = useRef(new Set<string>());
  // A staff preview counts nothing.
  const { preview } = useWizardEnv();
  const open = !preview && current !== undefined && restored && planSettled && canOpen(wizard, current, state);
  const stepNumber = current === undefined ? 0 : stepIndexOf(wizard, current.id) + 1;
  const tier = state.tier;
  const stepId = current?.id;
  // «رفتار فرم»: every step change (the step's batch goes out with it).
  useEffect(() => {
    if (open && stepId !== undefined) noteStep(stepId);
  }, [open, stepId]);
  useEffect(() => {
    if (!open || stepNumber < 1 || reached.current.has(String(stepNumber))) return;
    reached.current.add(String(stepNumber));
    recordStepReach(stepNumber, tier);
  }, [open, stepNumber, tier]);
}
