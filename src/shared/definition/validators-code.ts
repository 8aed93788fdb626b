/**
 * The browser's validators for one version of the definition, as the source of one ES module
 * (Node side only: the build's Vite plugin and the server's publish both call it; no browser
 * code imports this file).
 *
 * The server's Content-Security-Policy forbids `unsafe-eval`, and ajv's compiler builds its
 * validators with `new Function`. So every step schema is compiled here with ajv's standalone code
 * generator (through RJSF's `compileSchemaValidatorsCode`, each step on its own because ajv keys
 * compiled schemas by `$id`), and the steps' `when` conditions with ajv's standalone generator
 * and the wizard's one configuration; the browser only runs the generated functions.
 *
 * The module is self-contained (no import): what the generated code `require`s (ajv's runtime
 * helpers, the wizard's formats) is handed in by its caller, so the same text can be served by
 * the server as an immutable file and wrapped by the build. It exports:
 * `ValidatorsModule` (validators-module.ts): the runtime modules it needs, a factory of each
 * step's validator functions, one of the steps' conditions, and the schemas' ids and hashes.
 *
 * ajv's ESM output breaks on schema ids that start with a digit (RJSF's hashed sub-schema ids
 * can), so the code is generated as CommonJS and run with a small `require` over `runtime`.
 */
import { Ajv, _ } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import standalone from 'ajv/dist/standalone/index.js';
import { hashForSchema } from '@rjsf/utils';
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { addWizardVocabulary, wizardAjvOptions } from './ajv-config.js';
import { formats } from './formats.js';
import { conditionalBranches } from './conditions.js';
import {
  FORMATS_MODULE_ID,
  SERVER_VALIDATOR_RUNTIME_MODULES,
  STANDARD_FORMATS_MODULE_ID,
  VALIDATOR_RUNTIME_MODULES,
  serverValidatorName,
  type ValidatorRuntimeModule,
} from './validators-module.js';
import { formSteps, type LoadedStep, type LoadedWizard } from './wizard-definition.js';

// A CommonJS module whose exports object is also its function: `.default` reaches the function
// under Node's ESM loader and under the bundler alike.
const standaloneCode = (
  standalone as unknown as { default: (ajv: Ajv, exportsByName: Record<string, string>) => string }
).default;

/**
 * The ajv settings the wizard's browser validators are built with (src/shared/definition/ajv-config.ts), in
 * the form RJSF's validator takes them: shared by the generator here and the runtime validator
 * the unit tests and the server's pre-rendering use, so all judge a draft alike.
 */
export const wizardValidatorOptions: CustomValidatorOptionsType = {
  customFormats: formats,
  // RJSF's own defaults (allErrors, not strict): RJSF compiles its internal sub-schemas with
  // this instance, which strict mode would refuse; what strict mode guards against (unknown
  // keywords, formats) is refused by the checker and the server, which use wizardAjvOptions.
  extenderFn: addWizardVocabulary,
};

/** Code could not be generated for a part of the definition: `file` and `pointer` say which. */
export class ValidatorsCodeError extends Error {
  // Plain fields, not parameter properties: the server's generator runs this file with Node's own
  // type stripping (src/server/definition/sandbox), which only erases types.
  readonly file: string;
  readonly pointer: string;
  constructor(message: string, file = '', pointer = '') {
    super(message);
    this.file = file;
    this.pointer = pointer;
  }
}

/** Runs `generate`, blaming a failure on the definition's `file` at `pointer`. */
function blamed<T>(file: string, pointer: string, generate: () => T): T {
  try {
    return generate();
  } catch (error) {
    if (error instanceof ValidatorsCodeError) throw error;
    throw new ValidatorsCodeError(error instanceof Error ? error.message : String(error), file, pointer);
  }
}

function whenPointer(wizard: LoadedWizard, step: LoadedStep): string {
  return `/steps/${wizard.steps.indexOf(step)}/when`;
}

const codeOptions = { source: true, lines: false, formats: _`require(${FORMATS_MODULE_ID})` } as const;

/** CommonJS code of one step's validator functions (ajv standalone). */
export function compileStepCode(schema: Record<string, unknown>): string {
  return compileSchemaValidatorsCode(schema, { ...wizardValidatorOptions, ajvOptionsOverrides: { code: codeOptions } });
}

/** CommonJS code of the steps' `when` conditions, exported as c0, c1… in the order of `stepIds`. */
function compileConditionsCode(wizard: LoadedWizard): { code: string; stepIds: string[] } {
  const steps = wizard.steps.filter((step) => step.when !== undefined);
  if (steps.length === 0) return { code: '', stepIds: [] };
  const ajv = addWizardVocabulary(new Ajv({ ...wizardAjvOptions, code: codeOptions }));
  const exportsByName: Record<string, string> = {};
  steps.forEach((step, index) => {
    blamed('wizard.json', whenPointer(wizard, step), () => {
      ajv.addSchema({ type: 'object', ...step.when }, `when:${step.id}`);
      ajv.getSchema(`when:${step.id}`);
    });
    exportsByName[`c${index}`] = `when:${step.id}`;
  });
  return { code: standaloneCode(ajv, exportsByName), stepIds: steps.map((step) => step.id) };
}

function requiredIds(code: string): Set<string> {
  return new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1]));
}

/** The module's source and the runtime modules it asks for. */
export function generateValidatorsModule(
  wizard: LoadedWizard,
  label = 'the definition',
): { code: string; runtimeModules: ValidatorRuntimeModule[] } {
  const steps = formSteps(wizard).filter((step) => step.jsonSchema);
  const bodies = steps.map((step) =>
    blamed(step.schema ?? 'wizard.json', '', () => compileStepCode(step.jsonSchema as Record<string, unknown>)),
  );
  const conditions = compileConditionsCode(wizard);
  const runtimeModules = neededModules([...bodies, conditions.code].join('\n'), VALIDATOR_RUNTIME_MODULES, label);

  const lines = [
    `// The browser's validators of ${label}, generated by src/shared/definition/validators-code.ts. Do not edit.`,
    ...moduleHeader(runtimeModules),
  ];
  steps.forEach((_step, position) => {
    lines.push(`function __step${position}(require, module, exports) {\n${bodies[position]}\n}`);
  });
  lines.push(`function __conditions(require, module, exports) {\n${conditions.code}\n}`);
  lines.push(
    'export function createValidators(runtime) {',
    '  const require = __requireFrom(runtime);',
    `  return { ${steps.map((step, position) => `${JSON.stringify(step.id)}: __load(require, __step${position})`).join(', ')} };`,
    '}',
    'export function createStepConditions(runtime) {',
    `  ${conditions.stepIds.length === 0 ? 'return {};' : 'const compiled = __load(__requireFrom(runtime), __conditions);'}`,
    ...(conditions.stepIds.length === 0
      ? []
      : [
          `  return { ${conditions.stepIds.map((id, index) => `${JSON.stringify(id)}: (answers) => compiled.c${index}(answers) === true`).join(', ')} };`,
        ]),
    '}',
    `export const schemaIds = ${JSON.stringify(Object.fromEntries(steps.map((step) => [step.id, step.jsonSchema?.$id ?? step.schema])))};`,
    `export const schemaHashes = ${JSON.stringify(Object.fromEntries(steps.map((step) => [step.id, hashForSchema(step.jsonSchema as Record<string, unknown>)])))};`,
  );
  return { code: `${lines.join('\n')}\n`, runtimeModules: runtimeModules as ValidatorRuntimeModule[] };
}

/** The runtime modules `code` asks for, refused when one is not among `allowed`. */
function neededModules(code: string, allowed: readonly string[], label: string): string[] {
  const usedFormats = new Set([...code.matchAll(/require\("wizard:formats"\)\["([^"]+)"\]/g)].map((match) => match[1]));
  const needsStandardFormats = [...usedFormats].some((name) => !Object.hasOwn(formats, name));
  const runtimeModules = new Set<string>([...requiredIds(code), FORMATS_MODULE_ID]);
  if (needsStandardFormats) runtimeModules.add(STANDARD_FORMATS_MODULE_ID);
  const unknown = [...runtimeModules].filter((id) => !allowed.includes(id));
  if (unknown.length > 0)
    throw new ValidatorsCodeError(`The validators of ${label} need modules the runtime has not: ${unknown.join(', ')}`);
  return [...runtimeModules].sort();
}

/**
 * The lines every generated module starts with: its runtime modules and a `require` over the ones
 * its caller hands in (the generated code is CommonJS, see the module comment).
 */
function moduleHeader(runtimeModules: readonly string[]): string[] {
  return [
    `export const runtimeModules = ${JSON.stringify(runtimeModules)};`,
    // A CommonJS module seen through ESM interop: either its exports object or a namespace whose
    // `default` is that object; the generated code wants the exports object.
    'function __interop(ns) { const d = ns && ns.default; return d !== null && typeof d === "object" && "default" in d ? d : ns; }',
    'function __requireFrom(runtime) {',
    '  const modules = {};',
    '  for (const id of runtimeModules) {',
    '    if (!Object.prototype.hasOwnProperty.call(runtime, id)) throw new Error("wizard validators: the runtime lacks " + id);',
    '    modules[id] = __interop(runtime[id]);',
    '  }',
    `  if (modules[${JSON.stringify(STANDARD_FORMATS_MODULE_ID)}]) modules[${JSON.stringify(FORMATS_MODULE_ID)}] = { ...modules[${JSON.stringify(STANDARD_FORMATS_MODULE_ID)}].fullFormats, ...modules[${JSON.stringify(FORMATS_MODULE_ID)}] };`,
    '  return (id) => { if (!Object.prototype.hasOwnProperty.call(modules, id)) throw new Error("wizard validators: unknown module " + id); return modules[id]; };',
    '}',
    'function __load(require, factory) { const module = { exports: {} }; factory(require, module, module.exports); return module.exports; }',
  ];
}

/** What the server's module exports, beside `runtimeModules` (checked before it is loaded). */
export const SERVER_MODULE_EXPORTS = ['runtimeModules', 'validatorNames', 'createServerValidators'] as const;

/**
 * The server's validators of one loaded definition, as the source of one ES module of the same
 * shape as the browser's: every schema the server validates with (serverValidatorName), compiled by
 * ajv's standalone generator in the wizard's one configuration, with every pattern built by
 * `regExp` (the server hands in RE2, src/server/definition/sandbox). `createServerValidators(runtime)`
 * returns name -> validate function; `validatorNames` maps the server's names to the exports.
 */
export function generateServerValidatorsModule(
  wizard: LoadedWizard,
  regExp: RegExpEngine,
  label = 'the definition',
): { code: string; runtimeModules: string[]; names: string[] } {
  const ajv = addWizardVocabulary(new Ajv({ ...wizardAjvOptions, code: { ...codeOptions, regExp } }));
  const units = serverUnits(wizard);
  for (const [id, schema] of Object.entries(wizard.schemasById)) {
    blamed(schemaFile(wizard, id), '', () => ajv.addSchema(schema, id));
  }
  const exportsByName: Record<string, string> = {};
  const validatorNames: Record<string, string> = {};
  units.forEach((unit, index) => {
    blamed(unit.file, unit.pointer, () => {
      if (unit.schema) ajv.addSchema(unit.schema, unit.id);
      ajv.getSchema(unit.id);
    });
    exportsByName[`v${index}`] = unit.id;
    validatorNames[unit.name] = `v${index}`;
  });
  const body = standaloneCode(ajv, exportsByName);
  const runtimeModules = neededModules(body, SERVER_VALIDATOR_RUNTIME_MODULES, label);
  const lines = [
    `// The server's validators of ${label}, generated by src/shared/definition/validators-code.ts. Do not edit.`,
    ...moduleHeader(runtimeModules),
    `function __validators(require, module, exports) {\n${body}\n}`,
    `export const validatorNames = ${JSON.stringify(validatorNames)};`,
    'export function createServerValidators(runtime) { return __load(__requireFrom(runtime), __validators); }',
  ];
  return { code: `${lines.join('\n')}\n`, runtimeModules, names: Object.keys(validatorNames) };
}

interface ServerUnit {
  name: string;
  /** The id it is compiled under; with `schema`, added under it first. */
  id: string;
  schema?: Record<string, unknown>;
  /** Where in the definition it comes from (blamed when it cannot be compiled). */
  file: string;
  pointer: string;
}

/** Every schema the server validates with (see serverValidatorName). */
function serverUnits(wizard: LoadedWizard): ServerUnit[] {
  const registrationId = Object.keys(wizard.schemasById).find(
    (id) => wizard.schemasById[id] === wizard.registrationSchema,
  ) as string;
  const units: ServerUnit[] = [
    {
      name: serverValidatorName.registration,
      id: registrationId,
      file: schemaFile(wizard, registrationId),
      pointer: '',
    },
  ];
  for (const step of formSteps(wizard)) {
    if (!step.jsonSchema) continue;
    const schemaId = typeof step.jsonSchema.$id === 'string' ? step.jsonSchema.$id : (step.schema ?? step.id);
    const file = step.schema ?? 'wizard.json';
    units.push({ name: serverValidatorName.step(schemaId), id: schemaId, file, pointer: '' });
    for (const branch of conditionalBranches(step.jsonSchema)) {
      if (branch.condition.kind !== 'if') continue;
      const name = serverValidatorName.condition(schemaId, branch.condition.pointer);
      if (units.some((unit) => unit.name === name)) continue;
      const schema = { type: 'object', ...branch.condition.schema };
      units.push({ name, id: `wizard-condition-${units.length}`, schema, file, pointer: branch.condition.pointer });
    }
  }
  for (const step of wizard.steps) {
    if (step.when === undefined) continue;
    const schema = { type: 'object', ...step.when };
    const pointer = whenPointer(wizard, step);
    units.push({
      name: serverValidatorName.when(step.id),
      id: `wizard-when-${units.length}`,
      schema,
      file: 'wizard.json',
      pointer,
    });
  }
  return units;
}

/** The file a schema of the definition was read from, by its id (ids are the files' paths). */
function schemaFile(wizard: LoadedWizard, id: string): string {
  const step = wizard.steps.find((candidate) => candidate.jsonSchema === wizard.schemasById[id]);
  return step?.schema ?? id;
}
