/**
 * Size and shape limits of a definition, measured before any other check reads it. The checks walk
 * schemas recursively, and the server turns files back into text and hashes them; a hostile draft
 * (thousands of levels, a megabyte in one string, hundreds of thousands of nodes) must be refused
 * here, by a walk that cannot itself overflow the stack, and never reach them.
 *
 * Today's definition, with its meta-schemas, is 9 levels deep at most, has 680 JSON values in all,
 * its longest text is 230 characters and its longest list 14 options. Each limit leaves more than
 * three times that headroom for a definition that grows by hand.
 */
import { ptr } from '../../shared/definition/json.js';
import type { Folder } from './folder.js';
import type { Problems } from './problem.js';

export const DEFINITION_LIMITS = {
  /** Levels of nesting in one file (the file's root value is level 1). */
  maxDepth: 32,
  /** JSON values (objects, arrays, texts, numbers…) in all the definition's files together. */
  maxNodes: 20_000,
  /** Characters of one text or one property name. */
  maxStringChars: 5_000,
  /**
   * Items of one list or members of one object (options, fields, steps). ajv nests the code of a
   * `oneOf` one level per option: 2,000 options take seconds to compile, 3,000 fail.
   */
  maxItems: 500,
} as const;

export type LimitExcess =
  | { kind: 'depth'; pointer: string }
  | { kind: 'string'; pointer: string; length: number }
  | { kind: 'items'; pointer: string; count: number }
  | { kind: 'nodes'; pointer: string };

/**
 * The first limit `value` breaks, walking it with an explicit stack (never recursion), or
 * undefined. `nodesBefore` counts values already seen in other files; the walk stops as soon as
 * the total passes the limit, so a huge value costs no more than the limit to refuse.
 */
export function limitExcess(value: unknown, nodesBefore = 0): { excess?: LimitExcess; nodes: number } {
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 1 }];
  let nodes = nodesBefore;
  while (stack.length > 0) {
    const { value: node, pointer, depth } = stack.pop() as (typeof stack)[number];
    nodes += 1;
    if (nodes > DEFINITION_LIMITS.maxNodes) return { excess: { kind: 'nodes', pointer }, nodes };
    if (depth > DEFINITION_LIMITS.maxDepth) return { excess: { kind: 'depth', pointer }, nodes };
    if (typeof node === 'string' && node.length > DEFINITION_LIMITS.maxStringChars)
      return { excess: { kind: 'string', pointer, length: node.length }, nodes };
    if (typeof node !== 'object' || node === null) continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    if (entries.length > DEFINITION_LIMITS.maxItems)
      return { excess: { kind: 'items', pointer, count: entries.length }, nodes };
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index];
      const at = ptr(pointer, key);
      if (typeof key === 'string' && key.length > DEFINITION_LIMITS.maxStringChars)
        return { excess: { kind: 'string', pointer: at, length: key.length }, nodes };
      stack.push({ value: child, pointer: at, depth: depth + 1 });
    }
  }
  return { nodes };
}

/**
 * Whether `value` nests deeper than the limit, found with an explicit stack. Only depth makes a
 * recursive reader (JSON.stringify, a deep comparison) fail; the other limits are the checker's.
 */
export function nestsTooDeep(value: unknown): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop() as (typeof stack)[number];
    if (depth > DEFINITION_LIMITS.maxDepth) return true;
    if (typeof node !== 'object' || node === null) continue;
    for (const child of Object.values(node)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * Reports every file that breaks a limit; true when one does. The caller then runs no other check,
 * since every other check assumes a value of a sane size.
 */
export function checkLimits(folder: Folder, problems: Problems): boolean {
  let nodes = 0;
  let broken = false;
  for (const file of folder.files) {
    if (!folder.json.has(file)) continue;
    const measured = limitExcess(folder.json.get(file), nodes);
    nodes = measured.nodes;
    if (!measured.excess) continue;
    broken = true;
    problems.add({ file, ...limitProblem(measured.excess) });
    if (measured.excess.kind === 'nodes') break; // the files after it are not measured at all
  }
  return broken;
}

function limitProblem(excess: LimitExcess): { code: string; pointer: string; message: string; fix: string } {
  const { maxDepth, maxNodes, maxStringChars, maxItems } = DEFINITION_LIMITS;
  switch (excess.kind) {
    case 'depth':
      return {
        code: 'too-deep',
        pointer: excess.pointer,
        message: `The file nests values more than ${maxDepth} levels deep here; the checker and the server read no deeper, so no other check of the definition ran.`,
        fix: 'Flatten the schema: a field needs only a few levels ("properties", the field, its rules); repeat a shared rule with "$ref" instead of nesting it.',
      };
    case 'string':
      return {
        code: 'string-too-long',
        pointer: excess.pointer,
        message: `A text here is ${excess.length} characters long; one text or name may have at most ${maxStringChars}, so no other check of the definition ran.`,
        fix: `Shorten the text to ${maxStringChars} characters or fewer (a long page of rules belongs in several "articles").`,
      };
    case 'items':
      return {
        code: 'too-many-items',
        pointer: excess.pointer,
        message: `This list or object has ${excess.count} entries; one may have at most ${maxItems}, so no other check of the definition ran.`,
        fix: 'Split it: a field with hundreds of options is hard to fill in anyway (a searchable list from data, like the cities, suits it better); a step with hundreds of fields belongs in several steps.',
      };
    case 'nodes':
      return {
        code: 'too-many-nodes',
        pointer: excess.pointer,
        message: `The definition has more than ${maxNodes} values (objects, lists, texts and numbers) by this point; the checker reads no more, so no other check ran.`,
        fix: 'Remove what the form does not use: unused "definitions", copies of the same rule (use "$ref"), or long lists of options.',
      };
  }
}
