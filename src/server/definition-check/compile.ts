/**
 * Compiles every JSON Schema with ajv exactly as the wizard and the server do (strict mode, all
 * errors, custom formats, errorMessage as annotation) and explains what ajv refuses. Problems other
 * checks already explained better (a bad pattern, an unknown keyword, a broken $ref, a required
 * name with no property) are not repeated.
 */
import type { Ajv } from 'ajv';
import { knownFormats, createAjv } from './ajv.js';
import { PROGRAM_FILES } from '../../shared/definition/definition-files.js';
import { objectFile, type Folder } from './folder.js';
import type { MetaInvalid } from './meta.js';
import type { Problems } from './problem.js';
import { resolveRef, type Roles } from './roles.js';
import { didYouMean } from './text.js';
import { vocabularyCodes } from './vocabulary.js';
import { walkSchema } from './walk.js';

const explainedElsewhere = [
  ...vocabularyCodes,
  // ajv walks a message object like a schema (it looks for "$id" in it): only texts reach it.
  'message-text',
  'json-syntax',
  'meta',
  'bad-pattern',
  'pattern-too-long',
  'pattern-not-re2',
  'unresolved-ref',
  'required-unknown',
  'unknown-format',
  'duplicate-id',
  'schema-keyword',
];

/** Compile outcomes by the texts involved, so repeated checks (tests, an editor on save) stay fast. */
const outcomes = new Map<string, { ok: true } | { ok: false; error: unknown }>();

export function checkCompile(folder: Folder, roles: Roles, metaInvalid: MetaInvalid, problems: Problems): void {
  // Only the program's own meta-schemas check other files (meta.ts): no draft's file compiles as one.
  const metaSchemas = new Set<string>(PROGRAM_FILES);

  const broken = new Set(
    roles.schemaFiles.filter((file) => metaInvalid.has(file) || problems.has(file, explainedElsewhere)),
  );
  const failures = new Map<string, unknown>();
  const ajvs: Partial<Record<'form' | 'meta', Ajv>> = {};
  for (const file of roles.schemaFiles) {
    if (broken.has(file) || roles.idToFile.get(roles.fileToId.get(file) ?? '') !== file) continue;
    const kind = metaSchemas.has(file) ? 'meta' : 'form';
    // The outcome depends only on the texts of the file and of the files it reaches by $ref.
    const key = [
      kind,
      ...[...referencedFiles(file, folder, roles)].sort().map((f) => `${f}\u0000${folder.text.get(f) ?? ''}`),
    ].join('\u0001');
    let outcome = outcomes.get(key);
    if (!outcome) {
      const ajv = (ajvs[kind] ??= loadAll(roles, folder, broken, kind));
      try {
        ajv.getSchema(roles.fileToId.get(file) ?? file);
        outcome = { ok: true };
      } catch (error) {
        outcome = { ok: false, error };
      }
      if (outcomes.size > 200) outcomes.clear();
      outcomes.set(key, outcome);
    }
    if (!outcome.ok) failures.set(file, outcome.error);
  }
  for (const [file, error] of failures) {
    const depends = referencedFiles(file, folder, roles);
    if ([...depends].some((other) => other !== file && (broken.has(other) || failures.has(other)))) continue; // reported there
    const missing = (error as { missingSchema?: unknown }).missingSchema;
    if (typeof missing === 'string' && folder.files.includes(missing) && !roles.schemaFiles.includes(missing)) continue; // unreadable: reported there
    report(file, error, problems);
  }
}

/** An ajv with every healthy schema of the folder added under its $id. */
function loadAll(roles: Roles, folder: Folder, broken: Set<string>, kind: 'form' | 'meta'): Ajv {
  const ajv = createAjv(kind, { validateSchema: false }); // checked against draft-07 already (meta.ts)
  for (const [id, file] of roles.idToFile) {
    if (broken.has(file)) continue;
    try {
      ajv.addSchema(objectFile(folder, file) ?? {}, id);
    } catch {
      // a clash of $id or similar: reported by the step checks
    }
  }
  return ajv;
}

/** Every file a schema reaches through $refs, itself included. */
function referencedFiles(start: string, folder: Folder, roles: Roles): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.pop() as string;
    walkSchema(folder.json.get(file), ({ node }) => {
      if (typeof node.$ref !== 'string') return;
      const target = resolveRef(node.$ref, file, folder, roles);
      if (!('error' in target) && !seen.has(target.file)) {
        seen.add(target.file);
        queue.push(target.file);
      }
    });
  }
  return seen;
}

function report(file: string, error: unknown, problems: Problems): void {
  const text = error instanceof Error ? error.message : String(error);
  const at = /#(\/[^"]*)?"/.exec(text);
  const pointer = at ? decodeURIComponent(at[1] ?? '') : '';
  const missingType = /missing type "(\w+)" for keyword "(\w+)"/.exec(text);
  if (missingType) {
    const [, type, keyword] = missingType;
    problems.add({
      code: 'compile',
      file,
      pointer,
      message: `The rule "${keyword}" only applies to ${type} values, but this field does not say "type": "${type}", and ajv (strict mode) refuses it.`,
      fix: `Add "type": "${type}" to the field (or remove "${keyword}").`,
    });
    return;
  }
  const format = /unknown format "([^"]*)"/.exec(text);
  if (format) {
    problems.add({
      code: 'compile',
      file,
      pointer: pointer ? `${pointer}/format` : '',
      message: `"format": "${format[1]}" is not a format the wizard knows.${didYouMean(format[1], knownFormats())}`,
      fix: 'Use "ir-national-code" or "ir-mobile" (the only formats the server knows), or check the value with a "pattern" instead.',
    });
    return;
  }
  problems.add({
    code: 'compile',
    file,
    pointer,
    message: `ajv (the validator the wizard and server use) cannot compile this schema: ${text.replace(/^strict mode: /, '')}.`,
    fix: 'Correct the schema at that spot; JSON Schema draft-07 keywords only, each used with the matching "type".',
  });
}
