/**
 * The wizard's validators: functions ajv generated ahead of time (src/shared/definition/validators-code.ts),
 * run through RJSF's precompiled validator. No ajv compiler, no eval / new Function: works under
 * the server's CSP without 'unsafe-eval'. The live wizard gets them from its version's validators
 * module (definition/source.ts); Storybook from the build's virtual module of schemas/.
 */
import { hashForSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { LoadedStep } from '../../shared/definition/wizard-definition.js';
import type { ValidatorFactory } from '../wizard/wizard-env.js';

/** A factory over one version's validator functions; refuses a step schema they were not built from. */
export function validatorFactoryOf(
  validators: Record<string, ValidatorFunctions>,
  schemaHashes: Record<string, string>,
): ValidatorFactory {
  const cache = new Map<string, ValidatorType>();
  return (step: LoadedStep) => {
    const cached = cache.get(step.id);
    if (cached) return cached;
    const functions = validators[step.id];
    const schema = step.jsonSchema;
    if (!functions || !schema) throw new Error(`No precompiled validator for step "${step.id}".`);
    if (hashForSchema(schema) !== schemaHashes[step.id]) {
      throw new Error(`The validators of step "${step.id}" were built from another version of its schema.`);
    }
    const validator = createPrecompiledValidator(functions, schema);
    cache.set(step.id, validator);
    return validator;
  };
}
