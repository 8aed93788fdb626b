/**
 * The validators of schemas/ as virtual modules, for Storybook and the tests, which still read
 * schemas/ (Node side only). The live wizard loads each published version's validators from the
 * server instead (src/client/definition/source.ts); both come from the one generator,
 * src/shared/definition/validators-code.ts (ajv standalone code: no eval in the browser, strict CSP).
 *
 * `virtual:wizard-validators` exports `validators` (step id -> RJSF `ValidatorFunctions`),
 * `schemaIds` and `schemaHashes`; `virtual:wizard-step-conditions` exports `stepConditions` (step
 * id -> whether its `when` holds). Each is the generated module with its runtime modules imported
 * statically and handed to its factory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { generateValidatorsModule as generateModule } from '../../shared/definition/validators-code.js';
import { FORMATS_MODULE_ID } from '../../shared/definition/validators-module.js';
import { loadWizard, type LoadedWizard } from '../../shared/definition/wizard-definition.js';

export { compileStepCode } from '../../shared/definition/validators-code.js';

export const VALIDATORS_MODULE_ID = 'virtual:wizard-validators';
const RESOLVED_ID = `\0${VALIDATORS_MODULE_ID}`;
export const STEP_CONDITIONS_MODULE_ID = 'virtual:wizard-step-conditions';
const RESOLVED_CONDITIONS_ID = `\0${STEP_CONDITIONS_MODULE_ID}`;

export interface GenerateOptions {
  /** Absolute path of src/shared/definition/formats.ts, imported by the generated module. */
  formatsModule: string;
}

/** Reads schemas/ from disk exactly as the browser bundle reads it (loadWizard). */
export function readWizard(schemasDir: string): LoadedWizard {
  return loadWizard((file) => JSON.parse(readFileSync(path.resolve(schemasDir, file), 'utf8')) as unknown);
}

/** The generated module with its runtime imported statically, then `exports` (lines of code using `__runtime`). */
function bundled(wizard: LoadedWizard, options: GenerateOptions, exports: string[]): string {
  const { code, runtimeModules } = generateModule(wizard, 'schemas/');
  const lines = [code];
  const entries = runtimeModules.map((id, index) => {
    // ajv's runtime helpers are CommonJS files without package exports: name the file fully, so
    // Node's ESM resolver finds them as well as Vite's.
    const specifier = id === FORMATS_MODULE_ID ? options.formatsModule : /\.[cm]?js$/.test(id) ? id : `${id}.js`;
    lines.push(`import * as __runtime${index} from ${JSON.stringify(specifier)};`);
    return `${JSON.stringify(id)}: ${id === FORMATS_MODULE_ID ? `__runtime${index}.formats` : `__runtime${index}`}`;
  });
  lines.push(`const __runtime = { ${entries.join(', ')} };`, ...exports);
  return `${lines.join('\n')}\n`;
}

/** The ES module source of `virtual:wizard-validators` for a loaded definition. */
export function generateValidatorsModule(wizard: LoadedWizard, options: GenerateOptions): string {
  return bundled(wizard, options, [
    'export const validators = createValidators(__runtime);',
    'export default validators;',
  ]);
}

/** The ES module source of `virtual:wizard-step-conditions` for a loaded definition. */
export function generateStepConditionsModule(wizard: LoadedWizard, options: GenerateOptions): string {
  return bundled(wizard, options, ['export const stepConditions = createStepConditions(__runtime);']);
}

export interface WizardValidatorsPluginOptions {
  /** Folder with wizard.json and the step schemas. */
  schemasDir: string;
  /** Absolute path of src/shared/definition/formats.ts. */
  formatsModule: string;
}

/** Vite plugin serving `virtual:wizard-validators`; in dev, an edit in schemas/ rebuilds it and reloads. */
export function wizardValidatorsPlugin(options: WizardValidatorsPluginOptions): Plugin {
  const schemasDir = path.resolve(options.schemasDir);
  let server: ViteDevServer | undefined;
  return {
    name: 'wizard-validators',
    resolveId(id) {
      if (id === VALIDATORS_MODULE_ID) return RESOLVED_ID;
      return id === STEP_CONDITIONS_MODULE_ID ? RESOLVED_CONDITIONS_ID : undefined;
    },
    load(id) {
      if (id === RESOLVED_CONDITIONS_ID) {
        this.addWatchFile(path.join(schemasDir, 'wizard.json'));
        return generateStepConditionsModule(readWizard(schemasDir), { formatsModule: options.formatsModule });
      }
      if (id !== RESOLVED_ID) return undefined;
      const wizard = readWizard(schemasDir);
      this.addWatchFile(path.join(schemasDir, 'wizard.json'));
      for (const step of wizard.steps) {
        if (step.schema) this.addWatchFile(path.join(schemasDir, step.schema));
      }
      return generateValidatorsModule(wizard, { formatsModule: options.formatsModule });
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add(schemasDir);
      const onChange = (file: string) => {
        if (!path.resolve(file).startsWith(schemasDir + path.sep) || !file.endsWith('.json')) return;
        for (const resolved of [RESOLVED_ID, RESOLVED_CONDITIONS_ID]) {
          const module = server?.moduleGraph.getModuleById(resolved);
          if (module) server?.moduleGraph.invalidateModule(module);
        }
        server?.ws.send({ type: 'full-reload' });
      };
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('unlink', onChange);
    },
  };
}
