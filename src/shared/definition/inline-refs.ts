import { resolveRef } from './schema-messages.js';
import type { JsonSchema } from './wizard-definition.js';

/**
 * A copy of `schema` with every `$ref` replaced by what it points to (sibling keywords kept), so
 * code that walks a schema by hand (normalisation, messages) sees one tree. Refs that cannot be
 * resolved are left as they are; cycles stop after a fixed depth.
 */
export function inlineRefs(
  schema: JsonSchema,
  schemasById: Record<string, JsonSchema>,
  baseId = idOf(schema),
): JsonSchema {
  return inline(schema, baseId, schemasById, 0) as JsonSchema;
}

function inline(node: unknown, baseId: string, schemasById: Record<string, JsonSchema>, depth: number): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, baseId, schemasById, depth));
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as JsonSchema;
  if (typeof schema.$ref === 'string' && depth < 32) {
    const target = resolveRef(schema.$ref, baseId, schemasById);
    if (target) {
      const { $ref: _ref, ...siblings } = schema;
      const resolved = inline(target.schema, target.id, schemasById, depth + 1) as JsonSchema;
      return { ...withoutRootKeywords(resolved), ...(inline(siblings, baseId, schemasById, depth) as JsonSchema) };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = inline(value, baseId, schemasById, depth);
  return out;
}

function withoutRootKeywords(schema: JsonSchema): JsonSchema {
  const { $id: _id, $schema: _schema, ...rest } = schema;
  return rest;
}

function idOf(schema: JsonSchema): string {
  return typeof schema.$id === 'string' ? schema.$id : '';
}
