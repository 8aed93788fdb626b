/**
 * Where the wizard's definition comes from at run time: one version's files and its
 * validators module, both fetched from the server and immutable. The live wizard (main.tsx) and
 * the staff console's preview of the draft render through the same path: a `DefinitionSource`,
 * made into `<WizardApp>`'s definition props by `readyDefinitionOf`.
 */
import { definitionAssetPaths } from '../../shared/definition/definition-assets.js';
import type { DefinitionDocument } from '../../shared/contracts/definition.schemas.js';
import type { DefinitionFiles } from '../../shared/definition/definition-files.js';
import { hasStepConditions, type StepTest } from '../../shared/definition/step-conditions.js';
import type { ValidatorsModule } from '../../shared/definition/validators-module.js';
import { loadWizard, type LoadedStep, type LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { request } from '../api/http.js';
import type { ValidatorFactory } from '../wizard/wizard-env.js';

/** What the generated validators import (ajv's helpers, the formats): fetched with them, not with the page. */
const validatorRuntime = () => import('./validator-runtime.js').then((module) => module.loadValidatorRuntime);

export interface DefinitionSource {
  /** The version's id; for a preview, an id of its own (the draft and its revision). */
  version: string;
  files: DefinitionFiles;
  /** Loads the version's validators module (an ES module of our origin: no eval, CSP unchanged). */
  loadValidatorsModule: () => Promise<ValidatorsModule>;
}

/** A definition ready for `<WizardApp>`: its loaded wizard, its validators on demand (the JSON itself is the shared `WizardDefinition`). */
export interface ReadyDefinition {
  version: string;
  wizard: LoadedWizard;
  loadValidators: () => Promise<ValidatorFactory>;
  /** The steps' `when`, ready before the first render (only for a definition that has one). */
  stepTest?: StepTest;
}

/** The definition of a stored version, from the server (the page's loader may have it on the way). */
export async function fetchVersionSource(version: string): Promise<DefinitionSource> {
  const document = await request<DefinitionDocument>(definitionAssetPaths.definition(version));
  return {
    version: document.version,
    files: document.files,
    loadValidatorsModule: () => importModule(definitionAssetPaths.validators(document.version)),
  };
}

/** The staff draft, opened by the preview token the console put in the preview frame's address. */
export async function fetchDraftSource(token: string): Promise<DefinitionSource> {
  const query = `?token=${encodeURIComponent(token)}`;
  const document = await request<DefinitionDocument>(`${definitionAssetPaths.draftDefinition}${query}`);
  return {
    version: document.version,
    files: document.files,
    loadValidatorsModule: () => importModule(`${definitionAssetPaths.draftValidators}${query}`),
  };
}

function importModule(url: string): Promise<ValidatorsModule> {
  return import(/* @vite-ignore */ url) as Promise<ValidatorsModule>;
}

/** Reads a definition's file as loadWizard asks for it. */
function fileReader(files: DefinitionFiles): (file: string) => unknown {
  return (file) => {
    const path = file.replace(/^\.\//, '');
    if (!Object.hasOwn(files, path)) throw new Error(`The definition has no file ${path}.`);
    return files[path];
  };
}

/**
 * The props `<WizardApp>` renders a source with. The validators load when the form steps ask for
 * them; a definition with conditional steps has its conditions ready before the first render
 * (the stepper numbers the steps on the first screen).
 */
export async function readyDefinitionOf(source: DefinitionSource): Promise<ReadyDefinition> {
  const wizard = loadWizard(fileReader(source.files));
  let module: Promise<ValidatorsModule> | undefined;
  const validatorsModule = () => (module ??= source.loadValidatorsModule());
  const loadValidators = async (): Promise<ValidatorFactory> => {
    const loaded = await validatorsModule();
    const [runtime, precompiled] = await Promise.all([
      validatorRuntime().then((load) => load(loaded.runtimeModules)),
      import('./precompiled.js'),
    ]);
    return precompiled.validatorFactoryOf(loaded.createValidators(runtime), loaded.schemaHashes);
  };
  const definition: ReadyDefinition = { version: source.version, wizard, loadValidators };
  if (!hasStepConditions(wizard)) return definition;
  const loaded = await validatorsModule();
  const loadValidatorRuntime = await validatorRuntime();
  const conditions = loaded.createStepConditions(await loadValidatorRuntime(loaded.runtimeModules));
  return { ...definition, stepTest: (step: LoadedStep, answers) => conditions[step.id]?.(answers) ?? true };
}
