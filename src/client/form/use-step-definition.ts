import { use, useMemo } from 'react';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { LoadedStep, LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { useActiveWizard, useWizardEnv } from '../wizard/wizard-env.js';
import { conditionalFieldNames } from './conditional-fields.js';
import { stepErrorTools, type StepErrorTools } from './errors.js';
import { usableUiSchema } from '../../../widgets/registry.js';

export interface StepDefinition {
  wizard: LoadedWizard;
  step: LoadedStep;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
  tools: StepErrorTools;
  /** The step's fields that exist only while a condition holds. */
  conditional: string[];
}

/** The full definition of a step (the shell's copy has no schemas), its validator and error tools. */
export function useStepDefinition(shellStep: LoadedStep): StepDefinition {
  const env = useWizardEnv();
  const wizard = useActiveWizard(use(env.fullWizard()));
  const step = wizard.steps.find((candidate) => candidate.id === shellStep.id) ?? shellStep;
  const factory = use(env.validators());
  const validator = useMemo(() => factory(step), [factory, step]);
  const tools = useMemo(() => stepErrorTools(wizard, step), [wizard, step]);
  const uiSchema = useMemo(() => usableUiSchema(step.ui), [step.ui]);
  const schema = step.jsonSchema as RJSFSchema;
  const conditional = useMemo(() => conditionalFieldNames(schema ?? {}), [schema]);
  return { wizard, step, schema, uiSchema, validator, tools, conditional };
}
