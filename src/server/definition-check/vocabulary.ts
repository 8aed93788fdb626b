/**
 * The closed vocabulary, checked before anything is compiled: every schema position of the
 * definition (each *.schema.json, and each step's `when` in wizard.json) uses only the keywords
 * walk.ts lists for that position. `$id` appears only at a file's root and says the file's path;
 * `$ref` leads to a file of the definition, never to an address outside it.
 *
 * Why so strict: ajv turns a schema into JavaScript, and what it does with a keyword it was not
 * written for (an `$id` deep inside a condition is written into a code comment) is not ours to
 * audit. Only keywords whose handling we know reach the code generator.
 */
import { NORMALIZE_KINDS } from '../../shared/definition/ajv-config.js';
import { PROGRAM_FILES } from '../../shared/definition/definition-files.js';
import { VERIFY_KINDS } from '../../shared/definition/verify.js';
import { folderPath, type Folder } from './folder.js';
import { isObject, ptr, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { resolveRef, type Roles } from './roles.js';
import { didYouMean, list, quote } from './text.js';
import {
  allKeywords,
  conditionKeywords,
  rootOnlyKeywords,
  unsupportedKeywords,
  walkSchema,
  type Visit,
} from './walk.js';

/** Problem codes of this module: a file with one of them is not compiled (compile.ts). */
export const vocabularyCodes = [
  'unknown-keyword',
  'unsupported-keyword',
  'keyword-position',
  'keyword-value',
  'id-path',
  'remote-ref',
  'ref-target',
];

const WIZARD = 'wizard.json';

export function checkVocabulary(folder: Folder, roles: Roles, problems: Problems): void {
  const schemaPositions = new Map<string, Set<string>>();
  for (const file of roles.schemaFiles) {
    const positions = new Set<string>();
    walkSchema(folder.json.get(file), ({ pointer }) => positions.add(pointer));
    schemaPositions.set(file, positions);
  }
  for (const file of roles.schemaFiles) {
    walkSchema(folder.json.get(file), (visit) => {
      checkKeys(file, visit, visit.pointer === '' ? allKeywords : nestedKeywords, 'schema', problems);
      if (checkRefValue(file, visit.pointer, visit.node, problems))
        checkRefTarget(file, visit.pointer, visit.node, { folder, roles, schemaPositions }, problems);
      checkProjectValues(file, visit.pointer, visit.node, problems);
    });
    checkRootId(file, folder, roles, problems);
  }
  roles.steps.forEach((step, index) => {
    if (!isObject(step.when)) return;
    walkSchema(
      step.when,
      (visit) => checkKeys(WIZARD, visit, conditionKeywords, 'condition', problems),
      ptr('/steps', index, 'when'),
    );
  });
}

const nestedKeywords = allKeywords.filter((key) => !rootOnlyKeywords.includes(key));

function checkKeys(
  file: string,
  { node, pointer }: Visit,
  allowed: readonly string[],
  position: 'schema' | 'condition',
  problems: Problems,
): void {
  for (const key of Object.keys(node)) {
    if (allowed.includes(key)) continue;
    const at = ptr(pointer, key);
    const reason = Object.hasOwn(unsupportedKeywords, key) ? unsupportedKeywords[key] : undefined;
    if (reason !== undefined) {
      problems.add({
        code: 'unsupported-keyword',
        file,
        pointer: at,
        message: `"${key}" is a JSON Schema keyword the wizard does not accept: ${reason}.`,
        fix: `Remove "${key}".`,
      });
      continue;
    }
    if (allKeywords.includes(key)) {
      problems.add({ code: 'keyword-position', file, pointer: at, ...misplaced(key, position) });
      continue;
    }
    problems.add({
      code: 'unknown-keyword',
      file,
      pointer: at,
      message: `"${key}" is not a keyword the wizard accepts${position === 'condition' ? " in a step's condition" : ''}, so the definition cannot be published.${didYouMean(key, allowed)}`,
      fix: 'Correct the spelling, or remove the key. (To add a field, put it inside "properties".)',
    });
  }
}

function misplaced(key: string, position: 'schema' | 'condition'): { message: string; fix: string } {
  if (position === 'condition') {
    return {
      message: `"${key}" cannot be used in a step's condition ("when"): a condition only tests the answers of earlier steps, with keywords such as ${list(['properties', 'required', 'const', 'enum', 'not', 'anyOf'])}.`,
      fix:
        key === '$ref'
          ? 'Write the test itself in the condition, e.g. { "properties": { "type": { "const": 2 } }, "required": ["type"] }.'
          : `Remove "${key}" from the condition.`,
    };
  }
  return {
    message: `"${key}" is allowed only at the top of a schema file, not inside it: ${key === '$id' ? 'a schema has one "$id", its path' : 'a file names its JSON Schema version once'}.`,
    fix: `Remove "${key}" here${key === '$id' ? '; to point at this part of the file, use "$ref" with a pointer, e.g. "steps/x.schema.json#/properties/name"' : ''}.`,
  };
}

/**
 * The project's own keywords take the values their readers know. (The standard keywords' values
 * are checked against draft-07 by meta.ts, which also keeps a file from being compiled.)
 */
function checkProjectValues(file: string, pointer: string, node: JsonObject, problems: Problems): void {
  const kinds: Array<[string, readonly string[]]> = [
    ['normalize', NORMALIZE_KINDS],
    ['verify', VERIFY_KINDS],
  ];
  for (const [key, allowed] of kinds) {
    const value = node[key];
    if (value === undefined || (typeof value === 'string' && allowed.includes(value))) continue;
    problems.add({
      code: 'keyword-value',
      file,
      pointer: ptr(pointer, key),
      message: `"${key}": ${quote(value)} is not one the wizard knows.${typeof value === 'string' ? didYouMean(value, allowed) : ''}`,
      fix: `Write one of ${list(allowed)}, or remove "${key}".`,
    });
  }
  const message = node.errorMessage;
  if (message === undefined || typeof message === 'string') return;
  if (isObject(message)) {
    // ajv looks for "$id" and "$ref" in every object of a schema, messages included.
    for (const key of Object.keys(message).filter((name) => name.startsWith('$'))) {
      problems.add({
        code: 'keyword-value',
        file,
        pointer: ptr(pointer, 'errorMessage', key),
        message: `A message is keyed by the rule it is for, and "${key}" is not a rule.`,
        fix: `Remove "${key}" from "errorMessage".`,
      });
    }
    return;
  }
  problems.add({
    code: 'keyword-value',
    file,
    pointer: ptr(pointer, 'errorMessage'),
    message: '"errorMessage" must be one Persian message, or an object with one message per rule.',
    fix: 'Write "errorMessage": "لطفاً … را بنویسید." or "errorMessage": { "required": "…", "pattern": "…" }.',
  });
}

/** An address with a scheme ("https:", "file:", "data:") or a host ("//example.com", or "\\\\host" as URL parsers read it). */
export function isRemoteRef(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) || /^[/\\]{2}/.test(ref);
}

/**
 * A `$ref` is a path inside the definition, with an optional #/pointer: no scheme, no "//" host.
 * True when the reference is one to follow further.
 */
function checkRefValue(file: string, pointer: string, node: JsonObject, problems: Problems): boolean {
  const ref = node.$ref;
  if (typeof ref !== 'string') return false;
  if (isRemoteRef(ref)) {
    problems.add({
      code: 'remote-ref',
      file,
      pointer: ptr(pointer, '$ref'),
      message: `The reference ${quote(ref)} is an address outside the definition; the wizard reads only its own files.`,
      fix: 'Point "$ref" at a file of the definition, e.g. "steps/pharmacy-info.schema.json#/properties/name", and copy the rule there if it is missing.',
    });
    return false;
  }
  const target = ref.split('#')[0];
  const programFile = PROGRAM_FILES.find((path) => target !== '' && folderPath(target, file) === path);
  if (programFile && !(PROGRAM_FILES as readonly string[]).includes(file)) {
    problems.add({
      code: 'remote-ref',
      file,
      pointer: ptr(pointer, '$ref'),
      message: `The reference ${quote(ref)} points into ${programFile}, which describes the definition's files and is not part of the form.`,
      fix: 'Point "$ref" at a step schema or the registration schema instead.',
    });
    return false;
  }
  return true;
}

/**
 * A `$ref` leads to a schema (a field, a definition, a branch…), never into a value such as a
 * "default", an option list or a message: ajv would read that value as a schema of its own.
 */
function checkRefTarget(
  file: string,
  pointer: string,
  node: JsonObject,
  context: { folder: Folder; roles: Roles; schemaPositions: Map<string, Set<string>> },
  problems: Problems,
): void {
  const ref = node.$ref as string;
  const target = resolveRef(ref, file, context.folder, context.roles);
  if ('error' in target) return; // reported as unresolved-ref (structure.ts)
  if (context.schemaPositions.get(target.file)?.has(target.pointer)) return;
  problems.add({
    code: 'ref-target',
    file,
    pointer: ptr(pointer, '$ref'),
    message: `The reference ${quote(ref)} points to ${target.pointer || 'the top'} of ${target.file}, which is a value (a default, an option list, a message…), not a schema.`,
    fix: 'Point "$ref" at a field or a definition, e.g. "steps/pharmacy-info.schema.json#/properties/name".',
  });
}

/** A file's `$id` is its own path: how references find it, and nothing else can be written there. */
function checkRootId(file: string, folder: Folder, roles: Roles, problems: Problems): void {
  const root = folder.json.get(file);
  if (!isObject(root) || !Object.hasOwn(root, '$id') || root.$id === file) return;
  const id = root.$id;
  const owner = typeof id === 'string' ? roles.idToFile.get(id) : undefined;
  const copied = owner !== undefined && owner !== file;
  problems.add({
    code: copied ? 'duplicate-id' : 'id-path',
    file,
    pointer: '/$id',
    message: copied
      ? `The "$id" ${quote(id)} is already the "$id" of ${owner} (was this file copied?); references to it would find the wrong file.`
      : `The "$id" ${quote(id)} is not the file's path (${file}); a schema's "$id" is always its path inside the definition, so references written with the file name find it.`,
    fix: `Write "$id": "${file}".`,
  });
}
