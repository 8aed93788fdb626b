/**
 * How large each file becomes once its `$ref`s are replaced by what they point to. ajv inlines a
 * referenced schema at every place that refers to it, and the server inlines the registration
 * schema's references to read it (src/shared/definition/inline-refs.ts): a 2,700-value draft whose 900
 * references each name a 300-field schema grows to hundreds of thousands of values there, and took
 * the server down. Sizes are counted, never built: each target's size is worked out once and
 * added at every reference, so the count costs no more than the files themselves.
 *
 * Two counts, for the two readers: every JSON value (what inlining copies: memory), and every
 * subschema (what ajv writes code for: time; a field costs ajv about a third of a millisecond
 * where an option of an `enum` costs next to nothing).
 *
 * A reference that leads back to itself would be inlined forever (inline-refs.ts stops only after
 * 32 levels, 2^32 copies for two references a level), so a cycle is refused too.
 */
import { isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Folder } from './folder.js';
import type { Problems } from './problem.js';
import { resolveRef, type Roles } from './roles.js';
import { subschemasOf, walkSchema } from './walk.js';

export const EXPANSION_LIMITS = {
  /**
   * JSON values of one file with every reference inlined: twice what all files may hold before
   * expansion (limits.ts), a few MB to inline. Today's largest file has fewer than 250.
   */
  maxExpandedValues: 40_000,
  /**
   * Subschemas of one file with every reference inlined, and of all files together. Today's
   * largest file has fewer than 100 and all together fewer than 200; 2,000 take ajv a second or
   * two to compile.
   */
  maxExpandedSchemas: 2_000,
  maxExpandedSchemasInAll: 4_000,
  /** References followed one inside another (today's deepest chain is 2). */
  maxRefChain: 32,
} as const;

class TooLarge extends Error {}
class RefCycle extends Error {}
class ChainTooLong extends Error {}

/** One way of counting: what a value's children are, and whether the value itself counts. */
interface Measure {
  limit: number;
  children(value: Json): Json[];
  counts(value: Json): boolean;
}

const values: Measure = {
  limit: EXPANSION_LIMITS.maxExpandedValues,
  children: (value) => (typeof value === 'object' && value !== null ? Object.values(value) : []),
  counts: () => true,
};

const schemas: Measure = {
  limit: EXPANSION_LIMITS.maxExpandedSchemas,
  children: (value) => (isObject(value) ? subschemasOf(value).map(({ child }) => child) : []),
  counts: (value) => isObject(value),
};

interface Context {
  folder: Folder;
  roles: Roles;
  measure: Measure;
  sizes: WeakMap<object, number>;
  expanding: Set<object>;
}

type FileProblem = { code: string; pointer: string; message: string; fix: string };

/** Reports each file that is too large once expanded, or refers to itself; true when one does. */
export function checkExpansion(folder: Folder, roles: Roles, problems: Problems): boolean {
  const byValues: Context = { folder, roles, measure: values, sizes: new WeakMap(), expanding: new Set() };
  const bySchemas: Context = { folder, roles, measure: schemas, sizes: new WeakMap(), expanding: new Set() };
  let broken = false;
  let schemasInAll = 0;
  for (const file of folder.files) {
    const value = folder.json.get(file);
    if (value === undefined) continue;
    const counted = measureValues(value, file, byValues) ?? measureSchemasOf(file, value, bySchemas);
    let problem = typeof counted === 'object' ? counted : undefined;
    if (typeof counted === 'number') {
      const before = schemasInAll;
      schemasInAll += counted;
      const limit = EXPANSION_LIMITS.maxExpandedSchemasInAll;
      if (before <= limit && schemasInAll > limit) problem = tooLarge('', 'all');
    }
    if (!problem) continue;
    broken = true;
    problems.add({ file, ...problem });
  }
  return broken;
}

/** Subschemas are counted in JSON Schema files only (a step's "when" may not refer, vocabulary.ts). */
function measureSchemasOf(file: string, value: Json, context: Context): number | FileProblem {
  return context.roles.schemaFiles.includes(file) ? measureSchemas(value, file, context) : 0;
}

/** Walks the file's own values (their pointers known) and adds each reference's expanded size. */
function measureValues(root: Json, file: string, context: Context): FileProblem | undefined {
  const stack: Array<{ value: Json; pointer: string }> = [{ value: root, pointer: '' }];
  let size = 0;
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as (typeof stack)[number];
    const added = ownAndReferenced(value, pointer, file, context);
    if (typeof added === 'object') return added;
    size += added;
    if (size > EXPANSION_LIMITS.maxExpandedValues) return tooLarge(refPointer(value, pointer), 'values');
    if (typeof value !== 'object' || value === null) continue;
    const entries: Array<[string | number, Json]> = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, child] of entries) stack.push({ value: child, pointer: ptr(pointer, key) });
  }
  return undefined;
}

/** The file's subschemas, each reference expanded: the count, or the problem. */
function measureSchemas(root: Json, file: string, context: Context): number | FileProblem {
  let size = 0;
  let problem: FileProblem | undefined;
  walkSchema(root, ({ node, pointer }) => {
    if (problem) return;
    const added = ownAndReferenced(node, pointer, file, context);
    if (typeof added === 'object') problem = added;
    else size += added;
    if (!problem && size > EXPANSION_LIMITS.maxExpandedSchemas)
      problem = tooLarge(refPointer(node, pointer), 'schemas');
  });
  return problem ?? size;
}

/** Where the size passed its limit: the value's "$ref" when it has one (that is what grew). */
function refPointer(value: Json, pointer: string): string {
  return isObject(value) && typeof value.$ref === 'string' ? ptr(pointer, '$ref') : pointer;
}

/** 1 for the value itself (when it counts), plus what its `$ref` expands to. */
function ownAndReferenced(value: Json, pointer: string, file: string, context: Context): number | FileProblem {
  const own = context.measure.counts(value) ? 1 : 0;
  if (!isObject(value) || typeof value.$ref !== 'string') return own;
  try {
    return own + referencedSize(value.$ref, file, context, 1);
  } catch (error) {
    return refProblem(error, ptr(pointer, '$ref'));
  }
}

/** The expanded size of what `ref` (written in `file`) points to; 0 when it leads nowhere (reported elsewhere). */
function referencedSize(ref: string, file: string, context: Context, chain: number): number {
  if (chain > EXPANSION_LIMITS.maxRefChain) throw new ChainTooLong();
  const target = resolveRef(ref, file, context.folder, context.roles);
  if ('error' in target || target.node === undefined) return 0;
  return expandedSize(target.node, target.file, context, chain);
}

function expandedSize(value: Json, file: string, context: Context, chain: number): number {
  const own = context.measure.counts(value) ? 1 : 0;
  if (typeof value !== 'object' || value === null) return own;
  const known = context.sizes.get(value);
  if (known !== undefined) return known;
  if (context.expanding.has(value)) throw new RefCycle();
  context.expanding.add(value);
  let size = own;
  try {
    const ref = (value as JsonObject).$ref;
    if (isObject(value) && typeof ref === 'string') size += referencedSize(ref, file, context, chain + 1);
    for (const child of context.measure.children(value)) {
      size += expandedSize(child, file, context, chain);
      if (size > context.measure.limit) throw new TooLarge();
    }
  } finally {
    context.expanding.delete(value);
  }
  context.sizes.set(value, size);
  return size;
}

function refProblem(error: unknown, pointer: string): FileProblem {
  if (error instanceof TooLarge) return tooLarge(pointer, 'values');
  if (error instanceof RefCycle)
    return {
      code: 'ref-cycle',
      pointer,
      message:
        'This "$ref" leads, through the schemas it points to, back to itself; the wizard and the server would copy it without end.',
      fix: 'Point the reference at a schema that does not refer back to this one: a form field is never made of itself.',
    };
  if (error instanceof ChainTooLong)
    return {
      code: 'ref-chain',
      pointer,
      message: `This "$ref" leads through more than ${EXPANSION_LIMITS.maxRefChain} references one inside another.`,
      fix: 'Point the reference straight at the schema that holds the rules.',
    };
  throw error;
}

function tooLarge(pointer: string, what: 'values' | 'schemas' | 'all'): FileProblem {
  const { maxExpandedValues, maxExpandedSchemas, maxExpandedSchemasInAll } = EXPANSION_LIMITS;
  const past = {
    values: `it has more than ${maxExpandedValues} values by this point`,
    schemas: `it has more than ${maxExpandedSchemas} fields and rules by this point`,
    all: `the definition's schemas together have more than ${maxExpandedSchemasInAll} fields and rules by this file`,
  }[what];
  return {
    code: 'too-large-expanded',
    pointer,
    message: `The file is too large once references are expanded: with every "$ref" replaced by what it points to, ${past}, and the wizard and the server would have to read and compile all of them.`,
    fix: 'Refer to a large shared schema from fewer places, or split it into the small pieces each field needs.',
  };
}
