/** Visits every subschema of a JSON Schema with its JSON pointer. */
import { isObject, ptr, type Json, type JsonObject } from './json.js';

export interface Visit {
  node: JsonObject;
  pointer: string;
  /** Set when the subschema is a property: its name and the object schema that holds it. */
  property?: { name: string; parent: JsonObject; parentPointer: string };
  /** Inside an `if`: the properties there are conditions on fields, not fields. */
  inCondition: boolean;
}

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

export function walkSchema(root: Json | undefined, visit: (visit: Visit) => void, rootPointer = ''): void {
  const go = (node: Json | undefined, pointer: string, inCondition: boolean, property?: Visit['property']): void => {
    if (!isObject(node)) return;
    visit({ node, pointer, property, inCondition });
    for (const key of single) if (isObject(node[key])) go(node[key], ptr(pointer, key), inCondition || key === 'if');
    for (const key of maps) {
      const map = node[key];
      if (!isObject(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        go(
          child,
          ptr(pointer, key, name),
          inCondition,
          key === 'properties' ? { name, parent: node, parentPointer: pointer } : undefined,
        );
      }
    }
    for (const key of arrays) {
      const items = node[key];
      if (Array.isArray(items)) items.forEach((child, index) => go(child, ptr(pointer, key, index), inCondition));
    }
  };
  go(root, rootPointer, false);
}

/** Keywords of JSON Schema draft-07, and the annotations this project adds. */
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
  'contentMediaType',
  'contentEncoding',
];
export const annotationKeywords = [
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'definitions',
  'errorMessage',
  'normalize',
  'verify',
];
export const allKeywords = [...validationKeywords, ...annotationKeywords];
