/**
 * The ajv settings the wizard's validators are built with, in the form RJSF's validator takes
 * them: the generator's own (src/shared/definition/validators-code.ts), for the tests' runtime validator.
 * Node-side and test-side only: nothing here is shipped to browsers.
 */
export { wizardValidatorOptions } from '../../shared/definition/validators-code.js';
