/**
 * The ajv settings the wizard's validators are built with (src/shared/ajv-config.ts), in the form
 * RJSF's validator takes them: shared by the build-time compiler (precompiled validators,
 * validators-plugin.ts) and the runtime validator the unit tests use, so both judge a draft alike.
 * Node-side and test-side only: nothing here is shipped to browsers.
 */
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { addWizardVocabulary } from '../../shared/ajv-config.js';
import { formats } from '../../shared/formats.js';

/** Options for `customizeValidator` / `compileSchemaValidatorsCode` (without the code-generation part). */
export const wizardValidatorOptions: CustomValidatorOptionsType = {
  customFormats: formats,
  // RJSF's own defaults (allErrors, not strict): RJSF compiles its internal sub-schemas with
  // this instance, which strict mode would refuse; what strict mode guards against (unknown
  // keywords, formats) is refused by schemas:check and the server, which use wizardAjvOptions.
  extenderFn: addWizardVocabulary,
};
