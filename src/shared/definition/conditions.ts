/**
 * Conditional fields in JSON Schema's own words: a step schema may define fields inside
 * `if`/`then`/`else` (at the top or inside `allOf`) and `dependencies`. Such a field exists only
 * while its branch applies. This module reads the branches of a step schema; whether a condition
 * holds is asked of a `ConditionTest`, so each side evaluates it with its own compiled validators
 * (the browser's precompiled ones, the server's ajv) built from the one configuration.
 */
import { pointerFrom } from './json-pointer.js';
import type { JsonSchema } from './json-schema.js';

/** When a branch applies: its `if` holds (then) or fails (else), or a trigger field is present. */
export type BranchCondition =
  { kind: 'if'; schema: JsonSchema; pointer: string; holds: boolean } | { kind: 'present'; field: string };

export interface ConditionalBranch {
  /** JSON pointer of the branch inside the step schema, e.g. `/allOf/0/then`. */
  pointer: string;
  condition: BranchCondition;
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** Does `schema` accept `data`? Each side answers with validators compiled from schemas/. */
export type ConditionTest = (schema: JsonSchema, pointer: string, data: Record<string, unknown>) => boolean;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function branchOf(node: unknown, pointer: string, condition: BranchCondition): ConditionalBranch | undefined {
  if (!isSchema(node)) return undefined;
  const properties = isSchema(node.properties) ? (node.properties as Record<string, JsonSchema>) : {};
  const required = Array.isArray(node.required)
    ? node.required.filter((name): name is string => typeof name === 'string')
    : [];
  return { pointer, condition, properties, required };
}

/** The branches of one schema node: its own if/then/else and dependencies, and those of its allOf items. */
export function conditionalBranches(schema: JsonSchema, base = ''): ConditionalBranch[] {
  const branches: ConditionalBranch[] = [];
  if (isSchema(schema.if)) {
    const ifPointer = `${base}/if`;
    const then = branchOf(schema.then, `${base}/then`, {
      kind: 'if',
      schema: schema.if,
      pointer: ifPointer,
      holds: true,
    });
    const otherwise = branchOf(schema.else, `${base}/else`, {
      kind: 'if',
      schema: schema.if,
      pointer: ifPointer,
      holds: false,
    });
    if (then) branches.push(then);
    if (otherwise) branches.push(otherwise);
  }
  if (isSchema(schema.dependencies)) {
    for (const [field, dependency] of Object.entries(schema.dependencies)) {
      const branch = branchOf(dependency, `${base}/dependencies${pointerFrom([field])}`, { kind: 'present', field });
      if (branch) branches.push(branch);
    }
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((item, index) => {
      if (isSchema(item)) branches.push(...conditionalBranches(item, `${base}/allOf/${index}`));
    });
  }
  return branches;
}

export interface ConditionalField {
  name: string;
  /** Pointer of the field's definition inside the step schema (`/then/properties/hospitalName`). */
  pointer: string;
  schema: JsonSchema;
}

/** Fields defined only inside a branch (first definition wins; the checker reports duplicates). */
export function conditionalFields(schema: JsonSchema): ConditionalField[] {
  const plain = isSchema(schema.properties) ? schema.properties : {};
  const found = new Map<string, ConditionalField>();
  for (const branch of conditionalBranches(schema)) {
    for (const [name, fieldSchema] of Object.entries(branch.properties)) {
      if (Object.hasOwn(plain, name) || found.has(name) || !isSchema(fieldSchema)) continue;
      found.set(name, { name, pointer: `${branch.pointer}/properties${pointerFrom([name])}`, schema: fieldSchema });
    }
  }
  return [...found.values()];
}

/** A field's own schema, plain or conditional. */
export function fieldSchemaOf(schema: JsonSchema, field: string): JsonSchema | undefined {
  const plain = isSchema(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
  if (Object.hasOwn(plain, field) && isSchema(plain[field])) return plain[field];
  return conditionalFields(schema).find((candidate) => candidate.name === field)?.schema;
}

export function branchApplies(branch: ConditionalBranch, data: Record<string, unknown>, test: ConditionTest): boolean {
  const condition = branch.condition;
  if (condition.kind === 'present') return data[condition.field] !== undefined;
  return test(condition.schema, condition.pointer, data) === condition.holds;
}

/** The conditional fields whose branch does not apply to `data`: they do not exist now. */
export function inactiveFields(schema: JsonSchema, data: Record<string, unknown>, test: ConditionTest): string[] {
  const conditional = new Set(conditionalFields(schema).map((field) => field.name));
  const active = new Set<string>();
  for (const branch of conditionalBranches(schema)) {
    if (!branchApplies(branch, data, test)) continue;
    for (const name of Object.keys(branch.properties)) active.add(name);
  }
  return [...conditional].filter((name) => !active.has(name));
}
