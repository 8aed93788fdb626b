import { fa } from '../text/wizard-strings.fa.js';
import { conditionalFields } from './conditions.js';
import { getAt, pointerTokens } from './json-pointer.js';
import type { JsonSchema } from './wizard-definition.js';

/**
 * A field's `errorMessage` (the keyword name ajv-errors uses, read our own way: see ajv-config.ts): one string for every failure, or one string per
 * JSON Schema keyword. It is an annotation here: both sides read it through messageFor, so the
 * browser and the server say the same words.
 */
export type ErrorMessageSpec = string | Record<string, string>;

const BASE = 'https://schemas.invalid/';

/** Resolves `$ref` like "steps/manager.schema.json#/properties/firstName" relative to `baseId`. */
export function resolveRef(
  ref: string,
  baseId: string,
  schemasById: Record<string, JsonSchema>,
): { schema: JsonSchema; id: string } | undefined {
  const url = new URL(ref, BASE + baseId);
  const id = url.href.slice(BASE.length).replace(/#.*$/, '');
  const document = schemasById[id];
  if (!document) return undefined;
  const target = getAt(document, decodeURIComponent(url.hash.replace(/^#/, '')));
  return target && typeof target === 'object' ? { schema: target as JsonSchema, id } : undefined;
}

/** Follows $ref chains until a schema without $ref. */
export function deref(
  schema: JsonSchema,
  baseId: string,
  schemasById: Record<string, JsonSchema>,
): { schema: JsonSchema; id: string } {
  let current = { schema, id: baseId };
  for (let hops = 0; typeof current.schema.$ref === 'string' && hops < 16; hops += 1) {
    const next = resolveRef(current.schema.$ref, current.id, schemasById);
    if (!next) break;
    current = next;
  }
  return current;
}

/** The (dereferenced) schema that describes the value at a data pointer such as /adminData/firstName. */
export function schemaAtDataPointer(
  rootSchema: JsonSchema,
  dataPointer: string,
  schemasById: Record<string, JsonSchema>,
): JsonSchema | undefined {
  const rootId = typeof rootSchema.$id === 'string' ? rootSchema.$id : '';
  let current = deref(rootSchema, rootId, schemasById);
  for (const token of pointerTokens(dataPointer)) {
    const properties = current.schema.properties as Record<string, JsonSchema> | undefined;
    const child =
      properties && Object.hasOwn(properties, token)
        ? properties[token]
        : conditionalFields(current.schema).find((field) => field.name === token)?.schema;
    if (!child) return undefined;
    current = deref(child, current.id, schemasById);
  }
  return current.schema;
}

/** The Persian message for a failed keyword on a field: its own errorMessage, else the fallback. */
export function messageFor(fieldSchema: JsonSchema | undefined, keyword: string): string {
  const spec = fieldSchema?.errorMessage as ErrorMessageSpec | undefined;
  if (typeof spec === 'string') return spec;
  if (spec && typeof spec[keyword] === 'string') return spec[keyword];
  if (spec && typeof spec.default === 'string') return spec.default;
  const fallback = fa.validation as Record<string, string>;
  return fallback[keyword] ?? fa.validation.default;
}

/** The minimal part of an ajv ErrorObject the wizard reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The data pointer a schema error is about (a missing or unknown property points at itself). */
export function errorPointer(error: SchemaError): string {
  const extra = error.params.missingProperty ?? error.params.additionalProperty;
  return typeof extra === 'string' ? `${error.instancePath}/${extra}` : error.instancePath;
}

/**
 * Turns schema errors into one Persian message per field pointer (first error wins, as the user
 * fixes one thing at a time). Errors of oneOf branches are folded into the field's own message.
 */
export function fieldMessages(
  errors: readonly SchemaError[],
  rootSchema: JsonSchema,
  schemasById: Record<string, JsonSchema>,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const error of errors) {
    const pointer = errorPointer(error);
    if (messages[pointer]) continue;
    const keyword =
      error.keyword === 'const' && hasOneOfParent(rootSchema, pointer, schemasById) ? 'oneOf' : error.keyword;
    messages[pointer] = messageFor(schemaAtDataPointer(rootSchema, pointer, schemasById), keyword);
  }
  return messages;
}

function hasOneOfParent(rootSchema: JsonSchema, pointer: string, schemasById: Record<string, JsonSchema>): boolean {
  return Array.isArray(schemaAtDataPointer(rootSchema, pointer, schemasById)?.oneOf);
}
