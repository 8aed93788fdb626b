import { stepConditions } from 'virtual:wizard-step-conditions';
import type { StepTest } from '../shared/definition/step-conditions.js';

/** A step's `when`, precompiled at build time (no eval under the CSP). */
export const stepTest: StepTest = (step, answers) => stepConditions[step.id]?.(answers) ?? true;
