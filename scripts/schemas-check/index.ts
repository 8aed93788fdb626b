/**
 * `checkSchemas(dir)`: the definition checker (src/server/definition-check) over a folder on disk,
 * as `npm run schemas:check` runs it. Every *.json file under the folder is read, the program's
 * meta-schemas included, so a folder is checked exactly as it is, against the floor of the stored
 * columns as the server keeps it (the same rules a publish is checked with).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { checkDefinition } from '../../src/server/definition-check/index.js';
import type { Problem } from '../../src/server/definition-check/problem.js';
import { STORED_FLOOR } from '../../src/server/registration/registration.columns.js';

export type { Problem } from '../../src/server/definition-check/problem.js';

export interface CheckResult {
  /** Absolute path of the checked folder. */
  dir: string;
  /** The JSON files checked, relative to dir. */
  files: string[];
  problems: Problem[];
}

export function checkSchemas(dir: string): CheckResult {
  const absolute = resolve(dir);
  return { dir: absolute, ...checkDefinition(readTexts(absolute), { floor: STORED_FLOOR }) };
}

/** Every *.json file under the folder, relative with forward slashes -> its text. */
export function readTexts(dir: string): Record<string, string> {
  const texts: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.json'))
        texts[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return texts;
}
