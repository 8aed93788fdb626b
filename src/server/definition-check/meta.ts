/**
 * Checks each file against what it must look like: wizard.json and register-config.json against their
 * own meta-schemas (named by "$schema", which also gives VS Code its autocomplete), every
 * *.schema.json against JSON Schema draft-07 itself, every *.ui.json is an object.
 */
import type { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { DRAFT_07, createAjv } from './ajv.js';
import { explainAll } from './explain.js';
import { folderPath, objectFile, type Folder } from './folder.js';
import { getAt } from '../../shared/definition/json-pointer.js';
import { PROGRAM_FILES, isProgramFile } from '../../shared/definition/definition-files.js';
import { isObject } from '../../shared/definition/json.js';
import { didYouMean, list } from './text.js';
import type { ProblemInput, Problems } from './problem.js';
import type { Roles } from './roles.js';

/** Meta-schemas for the definition files that are not JSON Schemas themselves. */
const knownInstances: Record<string, string> = {
  'wizard.json': 'wizard.schema.json',
  'register-config.json': 'register-config.schema.json',
};

/** Files whose draft-07 check found a problem: ajv will refuse to compile them, so the compile check skips them. */
export type MetaInvalid = Set<string>;

/** Reused across calls: checking a schema against draft-07 keeps no state but the last errors. */
let draft07: Ajv | undefined;
/** Compiled meta-schemas by their text, so repeated checks (tests, watch) do not compile them again. */
const metaValidators = new Map<string, ValidateFunction>();

export function checkMeta(folder: Folder, roles: Roles, problems: Problems): MetaInvalid {
  const invalid: MetaInvalid = new Set();
  draft07 ??= createAjv();
  for (const file of folder.files) {
    const value = folder.json.get(file);
    if (value === undefined) continue; // not JSON: already reported
    if (file.endsWith('.schema.json')) checkJsonSchema(draft07, file, value, problems, invalid);
    else if (file.endsWith('.ui.json')) {
      if (!isObject(value)) {
        problems.add({
          code: 'ui-not-object',
          file,
          pointer: '',
          message: 'A uiSchema must be a JSON object { … }.',
          fix: 'Wrap the settings in { } with one key per field.',
        });
      }
    } else checkInstance(file, folder, problems);
  }
  void roles;
  return invalid;
}

function checkJsonSchema(ajv: Ajv, file: string, value: unknown, problems: Problems, invalid: MetaInvalid): void {
  if (!isObject(value)) {
    problems.add({
      code: 'meta',
      file,
      pointer: '',
      message: 'A JSON Schema file must be a JSON object { … }.',
      fix: 'Write the schema as an object with "type", "properties" and so on.',
    });
    invalid.add(file);
    return;
  }
  if (value.$schema === undefined) {
    problems.add({
      code: 'schema-keyword',
      file,
      pointer: '',
      message: 'The schema does not say which JSON Schema version it is written in.',
      fix: `Add "$schema": "${DRAFT_07}" as the first key; it also lets VS Code check the file as you type.`,
    });
  } else if (value.$schema !== DRAFT_07 && value.$schema !== DRAFT_07.replace(/#$/, '')) {
    problems.add({
      code: 'schema-keyword',
      file,
      pointer: '/$schema',
      message: `"$schema" is ${JSON.stringify(value.$schema)}, but the wizard and the server read JSON Schema draft-07 only.`,
      fix: `Write "$schema": "${DRAFT_07}" and use draft-07 keywords.`,
    });
    invalid.add(file);
    return;
  }
  const { $schema: _ignored, ...withoutSchema } = value;
  void _ignored;
  const ok = ajv.validateSchema({ $schema: DRAFT_07, ...withoutSchema });
  if (ok) return;
  invalid.add(file);
  // Repeated enum values get a clearer message from the option checks (fields.ts).
  const errors = (ajv.errors ?? []).filter((e) => !(e.keyword === 'uniqueItems' && /\/enum$/.test(e.instancePath)));
  const typeErrors = new Set(errors.filter((e) => /\/type$/.test(e.instancePath)).map((e) => e.instancePath));
  for (const at of typeErrors) {
    const written = getAt(value, at);
    problems.add({
      code: 'meta',
      file,
      pointer: at,
      message: `"type": ${JSON.stringify(written)} is not a JSON Schema type.${typeof written === 'string' ? didYouMean(written, simpleTypes) : ''}`,
      fix: `Use one of ${list(simpleTypes)}.`,
    });
  }
  for (const explained of explainAll(errors.filter((e) => !typeErrors.has(e.instancePath)))) {
    problems.add({
      code: 'meta',
      file,
      pointer: explained.pointer,
      message: `Not valid JSON Schema: ${lowerFirst(explained.message)}`,
      fix: explained.fix,
    });
  }
}

const simpleTypes = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

function checkInstance(file: string, folder: Folder, problems: Problems): void {
  const doc = objectFile(folder, file);
  const declared = typeof doc?.$schema === 'string' ? doc.$schema : undefined;
  const expected = knownInstances[file];
  if (!declared && !expected) {
    problems.add({
      code: 'unknown-file',
      file,
      pointer: '',
      message: 'No part of the wizard reads this file and it names no "$schema" to be checked against.',
      fix: 'Move the file out of the schemas folder, or add "$schema": "./<its>.schema.json" so it can be checked.',
      level: 'warning',
    });
    return;
  }
  if (!declared && expected) {
    problems.add({
      code: 'schema-keyword',
      file,
      pointer: '',
      message: `The file does not name its meta-schema, so VS Code cannot autocomplete or check it.`,
      fix: `Add "$schema": "./${expected}" as the first key.`,
    });
  }
  const schemaFile = declared === undefined ? expected : programMetaSchema(declared, file);
  if (!schemaFile) {
    problems.add(foreignMetaSchema(file, declared ?? '', expected));
    return;
  }
  if (expected && schemaFile !== expected) {
    problems.add(foreignMetaSchema(file, declared ?? '', expected));
    return;
  }
  const metaSchema = objectFile(folder, schemaFile);
  if (!metaSchema) return; // the program's own file, always there: only a checker run without it lands here
  let validate: ValidateFunction;
  try {
    const key = folder.text.get(schemaFile) ?? JSON.stringify(metaSchema);
    validate = metaValidators.get(key) ?? createAjv('meta').compile(metaSchema);
    if (metaValidators.size > 20) metaValidators.clear();
    metaValidators.set(key, validate);
  } catch (error) {
    problems.add({
      code: 'compile',
      file: schemaFile,
      pointer: '',
      message: `This meta-schema does not compile, so ${file} cannot be checked: ${error instanceof Error ? error.message : String(error)}.`,
      fix: 'Correct the meta-schema (it is normally changed only by developers).',
    });
    return;
  }
  if (validate(doc ?? folder.json.get(file))) return;
  for (const explained of explainAll(validate.errors ?? [])) {
    problems.add({ code: 'meta', file, pointer: explained.pointer, message: explained.message, fix: explained.fix });
  }
}

/**
 * The program's meta-schema that `declared` (written in `file`) names, or undefined. Only the
 * program's own meta-schemas check a file: one a draft brings along would be compiled here, with
 * no bound on what it makes ajv do, and would judge the draft by its own rules.
 */
function programMetaSchema(declared: string, file: string): string | undefined {
  if (/^[a-z]+:/i.test(declared)) return undefined;
  const path = folderPath(declared, file);
  return isProgramFile(path) ? path : undefined;
}

function foreignMetaSchema(file: string, declared: string, expected: string | undefined): ProblemInput {
  return {
    code: 'schema-keyword',
    file,
    pointer: '/$schema',
    message: `"$schema" is ${JSON.stringify(declared)}, but a file of the form is checked only against the program's own meta-schemas (${list([...PROGRAM_FILES])}).`,
    fix: expected
      ? `Write "$schema": "./${expected}".`
      : 'Remove "$schema", or name one of the program\'s meta-schemas; a meta-schema of the draft\'s own is not read.',
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
