/** Every file of the definition (see wizard-source.ts), loaded with the form steps. */
import { loadWizard, type LoadedWizard } from '../shared/definition/wizard-definition.js';

const files = import.meta.glob<unknown>(
  ['../../schemas/**/*.json', '!../../schemas/wizard.schema.json', '!../../schemas/register-config*.json'],
  { eager: true, import: 'default' },
);

export function readBundledJson(file: string): unknown {
  const key = `../../schemas/${file.replace(/^\.\//, '')}`;
  if (!Object.hasOwn(files, key)) throw new Error(`schemas/${file} is not in the bundle`);
  return files[key];
}

export const bundledWizard: LoadedWizard = loadWizard(readBundledJson);
