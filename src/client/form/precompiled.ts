/**
 * The app's validators: functions ajv generated at build time from schemas/ (virtual module of
 * src/client/build/validators-plugin.ts), run through RJSF's precompiled validator. No ajv compiler,
 * no eval / new Function: works under the server's CSP without 'unsafe-eval'.
 */
import { hashForSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { schemaHashes, validators } from 'virtual:wizard-validators';
import type { LoadedStep } from '../../shared/wizard-definition.js';
import type { ValidatorFactory } from '../app/wizard-env.js';

const cache = new Map<string, ValidatorType>();

export const precompiledValidatorFactory: ValidatorFactory = (step: LoadedStep) => {
  const cached = cache.get(step.id);
  if (cached) return cached;
  const functions = validators[step.id];
  const schema = step.jsonSchema;
  if (!functions || !schema) {
    throw new Error(`No precompiled validator for step "${step.id}": rebuild the client (npm run build:client).`);
  }
  if (hashForSchema(schema) !== schemaHashes[step.id]) {
    throw new Error(
      `The validators of step "${step.id}" were built from another version of its schema: rebuild the client.`,
    );
  }
  const validator = createPrecompiledValidator(functions, schema);
  cache.set(step.id, validator);
  return validator;
};
