/** JSON helpers: safe type guards, pointers, and line numbers for a pointer inside a file's text. */
import { pointerFrom, pointerTokens } from './json-pointer.js';

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
  const scanner = new JsonScanner(text);
  try {
    scanner.skipSpace();
    let lastFound = scanner.index;
    for (const token of pointerTokens(pointer)) {
      const found = scanner.enter(token);
      if (found === undefined) return scanner.lineAt(lastFound);
      lastFound = found;
    }
    return scanner.lineAt(lastFound);
  } catch {
    return undefined;
  }
}

/** Walks valid JSON text by character codes, not regular expressions: it runs once per problem over a whole file. */
class JsonScanner {
  index = 0;
  // A plain field, not a parameter property: the checker also runs from its source in a thread, where
  // Node strips types and parameter properties are code.
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  lineAt(at: number): number {
    return this.text.slice(0, at).split('\n').length;
  }

  skipSpace(): void {
    while (this.index < this.text.length && isJsonSpace(this.text.charCodeAt(this.index))) this.index += 1;
  }

  /**
   * Steps into the object or array at the cursor up to the member `token`; returns where that
   * member starts (its key in an object, its value in an array), or undefined when it is not there.
   */
  enter(token: string): number | undefined {
    this.skipSpace();
    const open = this.text[this.index];
    if (open !== '{' && open !== '[') return undefined;
    this.index += 1;
    for (let position = 0; ; position += 1) {
      this.skipSpace();
      if (this.text[this.index] === '}' || this.text[this.index] === ']') return undefined;
      const found = open === '{' ? this.memberKey(token) : this.element(token, position);
      if (found !== undefined) return found;
      this.skipValue();
      this.skipSpace();
      if (this.text[this.index] === ',') this.index += 1;
    }
  }

  /** Reads a member's key and its colon; where the key starts when it is `token`. */
  private memberKey(token: string): number | undefined {
    const keyStart = this.index;
    const key = this.readString();
    this.skipSpace();
    this.index += 1; // the colon
    if (key !== token) return undefined;
    this.skipSpace();
    return keyStart;
  }

  private element(token: string, position: number): number | undefined {
    if (String(position) !== token) return undefined;
    this.skipSpace();
    return this.index;
  }

  private skipString(): void {
    const { text } = this;
    this.index += 1;
    while (this.index < text.length && text[this.index] !== '"') this.index += text[this.index] === '\\' ? 2 : 1;
    this.index += 1;
  }

  private readString(): string {
    const start = this.index;
    this.skipString();
    const raw = this.text.slice(start, this.index);
    return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  }

  private skipValue(): void {
    const { text } = this;
    this.skipSpace();
    const ch = text[this.index];
    if (ch === '"') return this.skipString();
    if (ch !== '{' && ch !== '[') {
      while (this.index < text.length && !/[,}\]\s]/.test(text[this.index])) this.index += 1;
      return;
    }
    let depth = 0;
    while (this.index < text.length) {
      const c = text[this.index];
      if (c === '"') {
        this.skipString();
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      if (c === '}' || c === ']') depth -= 1;
      this.index += 1;
      if (depth === 0) return;
    }
  }
}
