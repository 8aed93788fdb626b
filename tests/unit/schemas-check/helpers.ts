import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkSchemas, type Problem } from '../../../scripts/schemas-check/index.js';

export const realSchemas = resolve('schemas');

const made: string[] = [];

/** A fresh copy of the real schemas/ in a temp folder. */
export function copySchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-check-'));
  made.push(dir);
  cpSync(realSchemas, dir, { recursive: true });
  return dir;
}

export function removeCopies(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A definition file being broken on purpose: any shape at all. */
type AnyJson = any;

export function editJson(dir: string, file: string, edit: (json: AnyJson) => unknown): void {
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  const result = edit(json);
  writeFileSync(path, `${JSON.stringify(result === undefined ? json : result, null, 2)}\n`);
}

export function writeText(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
}

export function readJson(dir: string, file: string): AnyJson {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/** The problems of a folder, without the ones known in the real schemas/. */
export function problemsIn(dir: string): Problem[] {
  return checkSchemas(dir).problems;
}

/** The one problem with this code (fails the test with the full list when there is not exactly one). */
export function only(problems: Problem[], code: string): Problem {
  const found = problems.filter((p) => p.code === code);
  if (found.length !== 1)
    throw new Error(
      `expected one "${code}" problem, got ${found.length}:\n${problems.map((p) => `${p.code} ${p.file} ${p.pointer} ${p.message}`).join('\n')}`,
    );
  return found[0];
}
