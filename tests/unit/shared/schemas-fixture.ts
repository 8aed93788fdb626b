import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadWizard, type LoadedWizard } from '../../../src/shared/definition/wizard-definition.js';

/** The real definition in schemas/, loaded the way the server loads it. */
export function loadRealWizard(schemasDir = resolve('schemas')): LoadedWizard {
  return loadWizard((file) => JSON.parse(readFileSync(resolve(schemasDir, file), 'utf8')) as unknown);
}
