/** RFC 6901 JSON pointers, only as far as the wizard needs them (object members, no arrays). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pointerFrom(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Sets a value, creating plain objects on the way; never walks into __proto__ and friends. */
export function setAt(root: Record<string, unknown>, pointer: string, value: unknown): void {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop();
  if (last === undefined) return;
  let node = root;
  for (const token of [...tokens, last]) {
    if (token === '__proto__' || token === 'constructor' || token === 'prototype') return;
  }
  for (const token of tokens) {
    const next = node[token];
    if (typeof next !== 'object' || next === null) node[token] = {};
    node = node[token] as Record<string, unknown>;
  }
  node[last] = value;
}
