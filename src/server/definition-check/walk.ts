/**
 * Visits every subschema of a JSON Schema with its JSON pointer, and names the keywords a schema of
 * the definition may use (the closed vocabulary that vocabulary.ts enforces).
 */
import { isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';

export interface Visit {
  node: JsonObject;
  pointer: string;
  /** Set when the subschema is a property: its name and the object schema that holds it. */
  property?: { name: string; parent: JsonObject; parentPointer: string };
  /** Inside an `if`: the properties there are conditions on fields, not fields. */
  inCondition: boolean;
}

/** Keywords whose value is one subschema, a map of subschemas, or a list of them. */
const single = [
  'not',
  'if',
  'then',
  'else',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'items',
];
const maps = ['properties', 'patternProperties', 'definitions', 'dependencies'];
const arrays = ['allOf', 'anyOf', 'oneOf', 'items'];

/**
 * Calls `visit` on every subschema, each parent before its children and siblings in the order
 * written. Iterative, so even a schema deeper than the limits (limits.ts) cannot overflow the stack.
 */
export function walkSchema(root: Json | undefined, visit: (visit: Visit) => void, rootPointer = ''): void {
  const stack: Visit[] = isObject(root) ? [{ node: root, pointer: rootPointer, inCondition: false }] : [];
  while (stack.length > 0) {
    const current = stack.pop() as Visit;
    visit(current);
    const { node, pointer, inCondition } = current;
    const children = subschemasOf(node).map(({ keyword, name, child }) => ({
      node: child,
      pointer: name === undefined ? ptr(pointer, keyword) : ptr(pointer, keyword, name),
      inCondition: inCondition || keyword === 'if',
      property: keyword === 'properties' ? { name: String(name), parent: node, parentPointer: pointer } : undefined,
    }));
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
}

/** The subschemas right under `node`, in the order written, with the keyword (and name or index) that holds each. */
export function subschemasOf(node: JsonObject): Array<{ keyword: string; name?: string | number; child: JsonObject }> {
  const found: Array<{ keyword: string; name?: string | number; child: JsonObject }> = [];
  for (const keyword of single) {
    const child = node[keyword];
    if (isObject(child)) found.push({ keyword, child });
  }
  for (const keyword of maps) {
    const map = node[keyword];
    if (!isObject(map)) continue;
    for (const [name, child] of Object.entries(map)) if (isObject(child)) found.push({ keyword, name, child });
  }
  for (const keyword of arrays) {
    const items = node[keyword];
    if (Array.isArray(items))
      items.forEach((child, name) => {
        if (isObject(child)) found.push({ keyword, name, child });
      });
  }
  return found;
}

/**
 * The draft-07 keywords ajv validates with, as the wizard and the server compile them. Left out on
 * purpose (the editor is told why, see `unsupportedKeywords`): `contentMediaType` and
 * `contentEncoding`, which ajv reads as annotations only.
 */
export const validationKeywords = [
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'additionalItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'dependencies',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  '$ref',
];

/**
 * Keywords that validate nothing but are read: by the wizard (`title`, `description`, `default`,
 * and the project's own `errorMessage`, `normalize`, `verify`) or by ajv (`$schema`, `$id`,
 * `definitions`, the targets of `$ref`). `$schema` and `$id` belong at a file's root only.
 */
export const annotationKeywords = [
  '$schema',
  '$id',
  'title',
  'description',
  'default',
  'definitions',
  'errorMessage',
  'normalize',
  'verify',
];
export const allKeywords = [...validationKeywords, ...annotationKeywords];

/** Keywords allowed only at the root of a schema file. */
export const rootOnlyKeywords = ['$schema', '$id'];

/**
 * What a step's `when` in wizard.json may use: it is compiled on its own, with no file around it,
 * so it cannot `$ref` into one, and it tests answers, so it has no messages or cleaning of its own.
 */
export const conditionKeywords = [...validationKeywords.filter((key) => key !== '$ref'), 'title', 'description'];

/**
 * JSON Schema keywords (of draft-07 or later drafts) the wizard refuses, each with the reason the
 * editor is shown. Later drafts' reference keywords could make ajv resolve names the checker does
 * not follow; the annotations are dropped because nothing reads them, and each is one more free
 * text that travels into the compiled validators.
 */
export const unsupportedKeywords: Record<string, string> = {
  $comment: 'the wizard never reads a "$comment"; a note for colleagues belongs in "description"',
  examples: 'the wizard never shows "examples"; a hint for the manager belongs in the uiSchema ("ui:placeholder")',
  readOnly: 'the server would still accept any value for a "readOnly" field, so it would only look protected',
  writeOnly: 'nothing in the wizard or the server reads "writeOnly"',
  contentMediaType: 'ajv does not check "contentMediaType", so the rule would look enforced and be ignored',
  contentEncoding: 'ajv does not check "contentEncoding", so the rule would look enforced and be ignored',
  contentSchema: 'ajv does not check "contentSchema" in draft-07, so the rule would look enforced and be ignored',
  $defs: 'draft-07 writes shared subschemas under "definitions"',
  $anchor: 'a "$ref" names its target by file and pointer only ("steps/x.schema.json#/properties/name")',
  $dynamicRef: 'a "$ref" names its target by file and pointer only; dynamic references are not supported',
  $dynamicAnchor: 'a "$ref" names its target by file and pointer only; dynamic references are not supported',
  $recursiveRef: 'a "$ref" names its target by file and pointer only; recursive references are not supported',
  $recursiveAnchor: 'a "$ref" names its target by file and pointer only; recursive references are not supported',
  $vocabulary: 'the wizard reads draft-07 with its own fixed keywords; a schema cannot add a vocabulary',
  id: 'draft-04\'s "id" is not read by draft-07; the file\'s root has "$id" instead',
};
