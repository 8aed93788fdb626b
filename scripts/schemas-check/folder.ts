/** Reads every JSON file of the checked folder once; the checks read from here, never from disk. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isObject, parseJson, type Json, type JsonObject } from './json.js';
import type { Problems } from './problem.js';

export interface Folder {
  /** Absolute path of the checked folder. */
  dir: string;
  /** Every *.json file under the folder, relative, with forward slashes, sorted. */
  files: string[];
  text: Map<string, string>;
  /** Files that parsed as JSON. */
  json: Map<string, Json>;
}

export function readFolder(dir: string, problems: Problems): Folder {
  const files = listJsonFiles(dir).sort();
  const folder: Folder = { dir, files, text: new Map(), json: new Map() };
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    folder.text.set(file, text);
    const parsed = parseJson(text);
    if (parsed.ok) {
      folder.json.set(file, parsed.value);
      continue;
    }
    problems.add({
      code: 'json-syntax',
      file,
      pointer: '',
      message: parsed.empty
        ? 'The file is empty, which is not valid JSON.'
        : `The file is not valid JSON: ${parsed.reason} at line ${parsed.line}, column ${parsed.column}.`,
      fix: 'Correct the text at that spot (an editor such as VS Code underlines it in red); no other check of this file can run until it is valid JSON.',
    });
  }
  return folder;
}

function listJsonFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.json')) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found;
}

/** The parsed file when it is a JSON object, else undefined. */
export function objectFile(folder: Folder, file: string): JsonObject | undefined {
  const value = folder.json.get(file);
  return isObject(value) ? value : undefined;
}

/** Resolves a path written inside a file of the folder (e.g. "steps/x.schema.json" or "./wizard.schema.json"). */
export function folderPath(path: string, from = ''): string {
  const base = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path.slice(1) : base + path).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}
