/**
 * The modules a version's generated validators ask for (src/shared/definition/validators-module.ts), for the
 * browser: ajv's small runtime helpers and the wizard's formats, each loaded only when the module
 * names it (a definition without `format: "email"` never downloads ajv's standard formats).
 */
import {
  FORMATS_MODULE_ID,
  STANDARD_FORMATS_MODULE_ID,
  type ValidatorRuntime,
  type ValidatorRuntimeModule,
} from '../../shared/definition/validators-module.js';

const loaders: Record<ValidatorRuntimeModule, () => Promise<unknown>> = {
  'ajv/dist/runtime/equal': () => import('ajv/dist/runtime/equal.js'),
  'ajv/dist/runtime/ucs2length': () => import('ajv/dist/runtime/ucs2length.js'),
  'ajv/dist/runtime/uri': () => import('ajv/dist/runtime/uri.js'),
  'ajv/dist/runtime/validation_error': () => import('ajv/dist/runtime/validation_error.js'),
  [STANDARD_FORMATS_MODULE_ID]: () => import('ajv-formats/dist/formats.js'),
  [FORMATS_MODULE_ID]: () => import('../../shared/definition/formats.js').then((module) => module.formats),
};

export async function loadValidatorRuntime(ids: readonly ValidatorRuntimeModule[]): Promise<ValidatorRuntime> {
  const entries = await Promise.all(ids.map(async (id) => [id, await loaders[id]()] as const));
  return Object.fromEntries(entries);
}
