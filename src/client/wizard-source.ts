/**
 * The wizard definition bundled from schemas/ (the same files the server reads), in two parts so
 * the first page stays small:
 * - `shellWizard` (first chunk): wizard.json and the uiSchemas — steps, routes, titles, buttons,
 *   layout hints. Enough for the header, the stepper, the routes and the content pages.
 * - `loadFullWizard()` (with the form steps): the same plus every step's JSON Schema and the
 *   registration schema, loaded by the form steps.
 * In `npm run dev` an edit of these files reloads the page with the new definition.
 */
import type { LoadedStep, LoadedWizard, UiSchema, WizardDefinition } from '../shared/definition/wizard-definition.js';

const shellFiles = import.meta.glob<unknown>(['../../schemas/wizard.json', '../../schemas/**/*.ui.json'], {
  eager: true,
  import: 'default',
});

function shellJson(file: string): unknown {
  return shellFiles[`../../schemas/${file.replace(/^\.\//, '')}`];
}

function buildShellWizard(): LoadedWizard {
  const definition = shellJson('wizard.json') as WizardDefinition;
  const steps = definition.steps.map((step): LoadedStep => {
    const ui = step.uiSchema ? (shellJson(step.uiSchema) as UiSchema | undefined) : undefined;
    return ui ? { ...step, ui } : { ...step };
  });
  return { definition, steps, registrationSchema: {}, schemasById: {} };
}

/** wizard.json and the uiSchemas, without the step schemas (see the module comment). */
export const shellWizard: LoadedWizard = buildShellWizard();

/** The whole definition, as loadWizard builds it; its own chunk, fetched with the form steps. */
export function loadFullWizard(): Promise<LoadedWizard> {
  return import('./wizard-full.js').then((module) => module.bundledWizard);
}
