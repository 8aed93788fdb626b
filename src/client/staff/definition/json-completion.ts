/**
 * Completion of a JSON file from its meta-schema: the keys an object may have (with the
 * meta-schema's description beside each) and the values a place allows (enum, const, booleans,
 * defaults). The place is read from CodeMirror's JSON syntax tree, so it works in a file that is
 * half typed.
 *
 * Why not codemirror-json-schema: it renders its hover text through shiki, whose regex engine is
 * WebAssembly compiled at run time (blocked by our CSP's `script-src 'self'`), and with markdown-it
 * it weighs several times this editor. Completion from our own meta-schemas is all we need of it.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { pointerTokens } from '../../../shared/definition/json-pointer.js';
import type { MetaSchema } from './meta-schemas.js';

type Key = string | number;

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

const isSchema = (value: unknown): value is MetaSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(ref: string, root: MetaSchema): MetaSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let current: unknown = root;
  for (const token of pointerTokens(ref.slice(1))) {
    if (!isSchema(current)) return undefined;
    current = current[token];
  }
  return isSchema(current) ? current : undefined;
}

/** The schema and every schema that applies beside it ($ref, allOf, anyOf, oneOf, then, else). */
function expand(schema: unknown, root: MetaSchema, seen = new Set<MetaSchema>()): MetaSchema[] {
  if (!isSchema(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const found = [schema];
  if (typeof schema.$ref === 'string') found.push(...expand(resolveRef(schema.$ref, root), root, seen));
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) found.push(...expand(item, root, seen));
  }
  for (const key of ['then', 'else']) found.push(...expand(schema[key], root, seen));
  return found;
}

function child(schema: MetaSchema, key: Key): unknown {
  if (typeof key === 'number') {
    const { items, additionalItems } = schema;
    if (Array.isArray(items)) return key < items.length ? items[key] : additionalItems;
    return items;
  }
  const properties = schema.properties;
  if (isSchema(properties) && key in properties) return properties[key];
  const patterns = schema.patternProperties;
  if (isSchema(patterns)) {
    const match = Object.entries(patterns).find(([pattern]) => new RegExp(pattern, 'u').test(key));
    if (match) return match[1];
  }
  return schema.additionalProperties;
}

/** The meta-schemas that describe the value at `path` of a file. */
export function schemasAt(root: MetaSchema, path: readonly Key[]): MetaSchema[] {
  let current = expand(root, root);
  for (const key of path) current = current.flatMap((schema) => expand(child(schema, key), root));
  return current;
}

function describe(schema: MetaSchema): string | undefined {
  return typeof schema.description === 'string' ? schema.description : undefined;
}

/** Keys an object at `path` may have, but does not yet. */
export function keyCompletions(root: MetaSchema, path: readonly Key[], present: ReadonlySet<string>): Completion[] {
  const byKey = new Map<string, Completion>();
  for (const schema of schemasAt(root, path)) {
    if (!isSchema(schema.properties)) continue;
    for (const [key, value] of Object.entries(schema.properties)) {
      if (present.has(key) || byKey.has(key)) continue;
      const info = isSchema(value) ? (describe(value) ?? expand(value, root).map(describe).find(Boolean)) : undefined;
      byKey.set(key, { label: JSON.stringify(key), displayLabel: key, type: 'property', ...(info ? { info } : {}) });
    }
  }
  return [...byKey.values()];
}

/** Values the place at `path` allows: its options, booleans and defaults. */
export function valueCompletions(root: MetaSchema, path: readonly Key[]): Completion[] {
  const values = new Map<string, Completion>();
  const add = (value: unknown, info?: string) => {
    const label = JSON.stringify(value);
    if (label !== undefined && !values.has(label))
      values.set(label, { label, type: 'constant', ...(info ? { info } : {}) });
  };
  for (const schema of schemasAt(root, path)) {
    if (Array.isArray(schema.enum)) for (const value of schema.enum) add(value, describe(schema));
    if ('const' in schema) add(schema.const, describe(schema));
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('boolean')) [true, false].forEach((value) => add(value));
    if ('default' in schema) add(schema.default);
  }
  return [...values.values()];
}

function keyOf(property: SyntaxNode, state: EditorState): string | undefined {
  const name = property.getChild('PropertyName');
  if (!name) return undefined;
  try {
    const key: unknown = JSON.parse(state.doc.sliceString(name.from, name.to));
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

function valueChildren(container: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let node = container.firstChild; node; node = node.nextSibling) if (VALUE_NODES.has(node.name)) found.push(node);
  return found;
}

/** The keys from the file's top down to `node` (a value, or an object or array holding the place). */
function pathOf(node: SyntaxNode, state: EditorState): Key[] {
  const path: Key[] = [];
  for (let current = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (parent.name === 'Property' && current.name !== 'PropertyName') {
      const key = keyOf(parent, state);
      if (key !== undefined) path.unshift(key);
    } else if (parent.name === 'Array') {
      path.unshift(valueChildren(parent).findIndex((item) => item.from === current.from));
    }
  }
  return path;
}

function presentKeys(object: SyntaxNode, state: EditorState): Set<string> {
  return new Set(object.getChildren('Property').flatMap((property) => keyOf(property, state) ?? []));
}

function enclosing(node: SyntaxNode | null, pos: number): SyntaxNode | null {
  for (let current = node; current; current = current.parent) {
    if ((current.name === 'Object' || current.name === 'Array') && current.from < pos) return current;
  }
  return null;
}

/** The completion source for a file described by `root`. */
export function jsonSchemaCompletion(root: MetaSchema): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const { state, pos } = context;
    const tree = syntaxTree(state);
    const inside = tree.resolveInner(pos, -1);
    // The cursor inside a closed string: the whole string is replaced.
    if ((inside.name === 'PropertyName' || inside.name === 'String') && pos > inside.from && pos < inside.to) {
      const property = inside.parent?.name === 'Property' ? inside.parent : null;
      if (inside.name === 'PropertyName' && property?.parent) {
        // The key being edited is not "present": it may be kept or replaced by another.
        const present = presentKeys(property.parent, state);
        present.delete(keyOf(property, state) ?? '');
        const options = keyCompletions(root, pathOf(property.parent, state), present);
        return { from: inside.from, to: inside.to, options, validFor: /^"[^"]*$/ };
      }
      return { from: inside.from, to: inside.to, options: valueCompletions(root, pathOf(inside, state)) };
    }
    const typed = context.matchBefore(/"?[^\s"{}[\],:]*$/);
    const from = typed?.from ?? pos;
    if (!context.explicit && from === pos) return null;
    const before = state.doc.sliceString(Math.max(0, from - 200), from).trimEnd();
    const container = enclosing(tree.resolveInner(from, -1), from);
    if (!container) return null;
    const last = before.at(-1);
    if (container.name === 'Object' && (last === '{' || last === ',')) {
      const options = keyCompletions(root, pathOf(container, state), presentKeys(container, state)).map((option) => ({
        ...option,
        apply: `${option.label}: `,
      }));
      return { from, options, validFor: /^"?[^"]*$/ };
    }
    if (container.name === 'Object' && last === ':') {
      const key = /"((?:[^"\\]|\\.)*)"\s*:$/.exec(before)?.[1];
      if (key === undefined) return null;
      return { from, options: valueCompletions(root, [...pathOf(container, state), JSON.parse(`"${key}"`) as string]) };
    }
    if (container.name === 'Array' && (last === '[' || last === ',')) {
      const index = valueChildren(container).filter((item) => item.to <= from).length;
      return { from, options: valueCompletions(root, [...pathOf(container, state), index]) };
    }
    return null;
  };
}
