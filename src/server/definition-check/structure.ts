/**
 * Checks that hold for every JSON Schema file in the folder: formats are the wizard's, and every
 * $ref leads to a schema that exists. (Which keywords a schema may use at all is vocabulary.ts;
 * patterns are patterns.ts.)
 */
import { getAt } from '../../shared/definition/json-pointer.js';
import { knownFormats } from './ajv.js';
import type { Folder } from './folder.js';
import { isObject, ptr, pointerTokens } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { resolveRef, type Roles } from './roles.js';
import { didYouMean } from './text.js';
import { isRemoteRef } from './vocabulary.js';
import { walkSchema } from './walk.js';

export function checkStructure(folder: Folder, roles: Roles, problems: Problems): void {
  for (const file of roles.schemaFiles) {
    walkSchema(folder.json.get(file), ({ node, pointer }) => {
      if (typeof node.format === 'string' && !formats().includes(node.format)) {
        problems.add({
          code: 'unknown-format',
          file,
          pointer: ptr(pointer, 'format'),
          message: `"format": "${node.format}" is not a format the wizard knows, so ajv refuses the schema.${didYouMean(node.format, formats())}`,
          fix: 'Use "ir-national-code" or "ir-mobile" (the only formats the server knows), or check the value with a "pattern" instead.',
        });
      }
      if (typeof node.$ref === 'string' && !isRemoteRef(node.$ref))
        checkRef(file, ptr(pointer, '$ref'), node.$ref, folder, roles, problems);
    });
  }
}

let formatNames: string[] | undefined;
function formats(): string[] {
  formatNames ??= knownFormats();
  return formatNames;
}

function checkRef(file: string, pointer: string, ref: string, folder: Folder, roles: Roles, problems: Problems): void {
  const target = resolveRef(ref, file, folder, roles);
  if (!('error' in target) || target.unreadable) return; // an unreadable target is reported at that file
  problems.add({
    code: 'unresolved-ref',
    file,
    pointer,
    message: `The reference "${ref}" ${target.error}.${refSuggestion(ref, file, folder, roles)}`,
    fix: 'Point "$ref" at an existing schema, e.g. "steps/pharmacy-info.schema.json#/properties/name" (the file\'s "$id", "#", then the pointer).',
  });
}

/** A likely intended target: the nearest file id, or the nearest property name in the target file. */
function refSuggestion(ref: string, fromFile: string, folder: Folder, roles: Roles): string {
  const [idPart, fragment = ''] = ref.split('#');
  if (idPart) {
    const known = [...roles.idToFile.keys()];
    const asWritten = known.find((id) => id === idPart);
    if (!asWritten) {
      const guess = didYouMean(idPart, known);
      if (guess) return guess;
    }
  }
  const tokens = pointerTokens(fragment);
  const name = tokens.pop();
  if (!name) return '';
  const baseTarget = resolveRef(`${idPart}#`, fromFile, folder, roles);
  if ('error' in baseTarget) return '';
  const parent = getAt(baseTarget.node, ptr('', ...tokens));
  return isObject(parent) ? didYouMean(name, Object.keys(parent)) : '';
}
