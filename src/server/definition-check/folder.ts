/** The definition's files as the checks read them: each file's text, and its value when it parsed. */
import { isObject, jsonSyntaxProblem, parseJson, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';

export interface Folder {
  /** Every file, relative to schemas/, with forward slashes, sorted. */
  files: string[];
  text: Map<string, string>;
  /** Files that parsed as JSON. */
  json: Map<string, Json>;
}

/** Parses each file once (a file that is not JSON is reported here, and no other check reads it). */
export function folderOf(texts: Record<string, string>, problems: Problems): Folder {
  const files = Object.keys(texts).sort();
  const folder: Folder = { files, text: new Map(), json: new Map() };
  for (const file of files) {
    const text = texts[file];
    folder.text.set(file, text);
    const parsed = parseJson(text);
    if (parsed.ok) {
      folder.json.set(file, parsed.value);
      continue;
    }
    problems.add({ code: 'json-syntax', file, pointer: '', ...jsonSyntaxProblem(parsed) });
  }
  return folder;
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

/** How `to` is written from inside `from` (both relative to the folder): "steps/x.json" from "a/b.json" is "../steps/x.json". */
export function relativePath(from: string, to: string): string {
  const fromDirs = folderPath(from).split('/').slice(0, -1);
  const toParts = folderPath(to).split('/');
  let common = 0;
  while (common < fromDirs.length && common < toParts.length - 1 && fromDirs[common] === toParts[common]) common += 1;
  return [...fromDirs.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
}
