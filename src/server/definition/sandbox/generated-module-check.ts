/**
 * The last look at generated code before it is served or loaded: it must parse as an ES module,
 * export exactly the expected names, import nothing (no `import`, no `import()`, no
 * `import.meta`), `require` only the expected runtime modules by a literal name, and name none of
 * the globals through which code acts on its surroundings. A flaw in the generator that lets a
 * definition's text out of its string or comment shows up here as one of these.
 */
import { parse, type Node } from 'acorn';

export class GeneratedCodeError extends Error {}

/** Globals generated validators never need, and injected code would. */
const FORBIDDEN_GLOBALS = new Set([
  'eval',
  'Function',
  'globalThis',
  'global',
  'window',
  'self',
  'top',
  'parent',
  'frames',
  'document',
  'process',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'setTimeout',
  'setInterval',
  'queueMicrotask',
  'Worker',
  'SharedWorker',
  'navigator',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'location',
  'Buffer',
  'Reflect',
  'Proxy',
  'WebAssembly',
]);

export interface ExpectedModule {
  exports: readonly string[];
  requires: readonly string[];
}

type AnyNode = Node & Record<string, unknown>;

export function checkGeneratedModule(code: string, expected: ExpectedModule): void {
  let program: AnyNode;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AnyNode;
  } catch (error) {
    throw new GeneratedCodeError(`The generated validators do not parse as an ES module: ${(error as Error).message}`);
  }
  const exported: string[] = [];
  for (const node of nodesOf(program)) checkNode(node, expected, exported);
  const missing = expected.exports.filter((name) => !exported.includes(name));
  if (missing.length > 0) throw new GeneratedCodeError(`The generated validators do not export ${missing.join(', ')}.`);
}

function checkNode(node: AnyNode, expected: ExpectedModule, exported: string[]): void {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ImportExpression':
    case 'ExportAllDeclaration':
    case 'ExportDefaultDeclaration':
      throw new GeneratedCodeError(`The generated validators may not contain ${node.type}.`);
    case 'MetaProperty':
      throw new GeneratedCodeError('The generated validators may not read import.meta or new.target.');
    case 'ExportNamedDeclaration':
      for (const name of exportedNames(node)) {
        if (!expected.exports.includes(name)) throw new GeneratedCodeError(`The generated validators export ${name}.`);
        exported.push(name);
      }
      return;
    case 'CallExpression':
      checkRequire(node, expected);
      return;
    default:
  }
}

function exportedNames(node: AnyNode): string[] {
  if (node.source) throw new GeneratedCodeError('The generated validators may not re-export another module.');
  const declaration = node.declaration as AnyNode | null;
  if (!declaration) {
    return ((node.specifiers as AnyNode[]) ?? []).map((specifier) => nameOf(specifier.exported as AnyNode));
  }
  if (declaration.type === 'FunctionDeclaration') return [nameOf(declaration.id as AnyNode)];
  if (declaration.type === 'VariableDeclaration')
    return (declaration.declarations as AnyNode[]).map((item) => nameOf(item.id as AnyNode));
  throw new GeneratedCodeError(`The generated validators export a ${declaration.type}.`);
}

function nameOf(node: AnyNode): string {
  if (node.type === 'Identifier') return node.name as string;
  throw new GeneratedCodeError('The generated validators export a pattern, not a name.');
}

function checkRequire(node: AnyNode, expected: ExpectedModule): void {
  const callee = node.callee as AnyNode;
  if (callee.type !== 'Identifier' || callee.name !== 'require') return;
  const [argument] = node.arguments as AnyNode[];
  const literal = argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : undefined;
  if ((node.arguments as AnyNode[]).length !== 1 || literal === undefined || !expected.requires.includes(literal))
    throw new GeneratedCodeError(`The generated validators require something else than their runtime modules.`);
}

/**
 * Every node of the tree, without recursion (generated code nests as deep as the schemas do), and
 * every identifier that reads a variable checked against FORBIDDEN_GLOBALS on the way.
 */
function* nodesOf(root: AnyNode): Generator<AnyNode> {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    yield node;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (!isNode(child)) continue;
        if (child.type === 'Identifier' && readsVariable(node, key)) checkIdentifier(child);
        stack.push(child);
      }
    }
  }
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Whether the identifier under `parent[key]` names a variable (not a property or a label). */
function readsVariable(parent: AnyNode, key: string): boolean {
  if (parent.type === 'MemberExpression' && key === 'property') return parent.computed === true;
  if (
    (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') &&
    key === 'key'
  )
    return parent.computed === true;
  if (parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement')
    return false;
  return true;
}

function checkIdentifier(node: AnyNode): void {
  const name = node.name as string;
  if (FORBIDDEN_GLOBALS.has(name))
    throw new GeneratedCodeError(`The generated validators name ${name}, which validators never need.`);
}
