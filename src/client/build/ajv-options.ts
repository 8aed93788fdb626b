/**
 * The ajv settings the wizard's validators are built with, shared by the build-time compiler
 * (precompiled validators, validators-plugin.ts) and the runtime validator the unit tests use, so
 * both judge a draft alike. Node-side and test-side only: nothing here is shipped to browsers.
 */
import type Ajv from 'ajv';
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { formats } from '../../shared/formats.js';

/**
 * `errorMessage` (ajv-errors' convention) is read as an annotation: the stepper turns a failed
 * keyword into the field's Persian message itself (schema-messages.ts), so ajv must accept the
 * keyword without acting on it.
 */
export function addAnnotationKeywords(ajv: Ajv): Ajv {
  if (!ajv.getKeyword('errorMessage')) ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

/** Options for `customizeValidator` / `compileSchemaValidatorsCode` (without the code-generation part). */
export const wizardValidatorOptions: CustomValidatorOptionsType = {
  customFormats: formats,
  extenderFn: addAnnotationKeywords,
};
