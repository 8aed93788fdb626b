/** JSON helpers: safe type guards, pointers, and line numbers for a pointer inside a file's text. */
import { pointerFrom, pointerTokens } from '../json-pointer.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Appends property or index tokens to a pointer: ptr('/properties', 'a/b') → '/properties/a~1b'. */
export function ptr(base: string, ...tokens: Array<string | number>): string {
  return base + pointerFrom(tokens.map(String));
}

export { pointerFrom, pointerTokens };

/** The JSON type of a value as JSON Schema names it ('integer' for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `value` fits a schema `type` (a name or a list of names). */
export function fitsType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = jsonType(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** Parses JSON; on failure says where, as 1-based line and column. */
export function parseJson(
  text: string,
): { ok: true; value: Json } | { ok: false; reason: string; line: number; column: number; empty: boolean } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(raw);
    const offset = position ? Number(position[1]) : text.length;
    const { line, column } = lineColumn(text, offset);
    return { ok: false, reason: plainJsonError(raw, text, offset), line, column, empty: text.trim() === '' };
  }
}

/** The checker's words for a file that does not parse (also what the browser editor shows as you type). */
export function jsonSyntaxProblem(parsed: { reason: string; line: number; column: number; empty: boolean }): {
  message: string;
  fix: string;
} {
  return {
    message: parsed.empty
      ? 'The file is empty, which is not valid JSON.'
      : `The file is not valid JSON: ${parsed.reason} at line ${parsed.line}, column ${parsed.column}.`,
    fix: 'Correct the text at that spot (an editor such as VS Code underlines it in red); no other check of this file can run until it is valid JSON.',
  };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function plainJsonError(raw: string, text: string, offset: number): string {
  if (text.charCodeAt(0) === 0xfeff) return 'the file starts with an invisible byte-order mark (BOM)';
  if (text.trim() === '') return 'the file is empty';
  if (/end of (JSON )?input/i.test(raw) || offset >= text.length)
    return 'the file ends too early (a closing } or ] or " is missing)';
  const found = text[offset];
  const prevMeaningful = text.slice(0, offset).trimEnd().slice(-1);
  if ((found === '}' || found === ']') && prevMeaningful === ',')
    return `there is a comma before "${found}" (JSON allows no comma after the last item)`;
  if (found === '"' && /[}\]"\d]|true|false|null/.test(prevMeaningful)) return 'a comma is missing before this "';
  if (found === "'") return 'JSON needs double quotes (") around names and texts, not single quotes';
  if (found === '/') return 'JSON allows no comments';
  const shown = found === '\n' ? 'a line break' : found === undefined ? 'the end' : `"${found}"`;
  const detail = raw
    .replace(/^SyntaxError: /, '')
    .replace(/,? "[\s\S]*" is not valid JSON$/, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/^Unexpected token .*$/s, '');
  return `unexpected ${shown}${detail ? ` (${detail.charAt(0).toLowerCase()}${detail.slice(1)})` : ''}`;
}

/** Space, tab, line feed, carriage return: the white space JSON allows between tokens. */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Finds the 1-based line where the value at `pointer` starts in `text` (or of the closest existing
 * parent when the pointer names something missing). A tiny JSON scanner; the text is valid JSON.
 */
export function lineOf(text: string, pointer: string): number | undefined {
  const wanted = pointerTokens(pointer);
  let index = 0;
  // Character codes, not regular expressions: this scan runs once per problem over the whole file.
  const skip = (): void => {
    while (index < text.length && isJsonSpace(text.charCodeAt(index))) index += 1;
  };
  const skipString = (): void => {
    index += 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    index += 1;
  };
  const readString = (): string => {
    const start = index;
    skipString();
    const raw = text.slice(start, index);
    return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const skipValue = (): void => {
    skip();
    const ch = text[index];
    if (ch === '"') {
      skipString();
      return;
    }
    if (ch === '{' || ch === '[') {
      let depth = 0;
      while (index < text.length) {
        const c = text[index];
        if (c === '"') {
          skipString();
          continue;
        }
        if (c === '{' || c === '[') depth += 1;
        if (c === '}' || c === ']') depth -= 1;
        index += 1;
        if (depth === 0) return;
      }
      return;
    }
    while (index < text.length && !/[,}\]\s]/.test(text[index])) index += 1;
  };
  const line = (at: number): number => text.slice(0, at).split('\n').length;
  try {
    skip();
    let lastFound = index;
    for (const token of wanted) {
      skip();
      const open = text[index];
      if (open !== '{' && open !== '[') return line(lastFound);
      index += 1;
      let found = false;
      for (let position = 0; ; position += 1) {
        skip();
        if (text[index] === '}' || text[index] === ']') break;
        let key = String(position);
        if (open === '{') {
          const keyStart = index;
          key = readString();
          skip();
          index += 1; // the colon
          if (key === token) {
            lastFound = keyStart;
            found = true;
            skip();
            break;
          }
        } else if (key === token) {
          skip();
          lastFound = index;
          found = true;
          break;
        }
        skipValue();
        skip();
        if (text[index] === ',') index += 1;
      }
      if (!found) return line(lastFound);
    }
    return line(lastFound);
  } catch {
    return undefined;
  }
}
