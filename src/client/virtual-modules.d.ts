/** `virtual:wizard-validators`, generated at build time by src/client/build/validators-plugin.ts. */
declare module 'virtual:wizard-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** Step id -> the precompiled validator functions of that step's schema (ajv standalone). */
  export const validators: Record<string, ValidatorFunctions>;
  /** Step id -> `$id` of the step schema. */
  export const schemaIds: Record<string, string>;
  /** Step id -> RJSF `hashForSchema` of the schema the functions were compiled from. */
  export const schemaHashes: Record<string, string>;
  const all: Record<string, ValidatorFunctions>;
  export default all;
}

/** `virtual:wizard-step-conditions`: step id -> whether its `when` holds for the earlier answers. */
declare module 'virtual:wizard-step-conditions' {
  export const stepConditions: Record<string, (answers: Record<string, unknown>) => boolean>;
}
