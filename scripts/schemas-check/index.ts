/**
 * `checkSchemas(dir)`: every check of the wizard definition in one call, returning the problems in
 * file order. Each group of checks lives in its own module; see the list in docs/editing-the-wizard.md.
 */
import { resolve } from 'node:path';
import { checkCompile } from './compile.js';
import { checkConditions } from './conditions.js';
import { checkConfig } from './config.js';
import { checkFields } from './fields.js';
import { readFolder } from './folder.js';
import { lineOf } from './json.js';
import { checkMapping } from './mapping.js';
import { checkMeta } from './meta.js';
import { Problems, type Problem } from './problem.js';
import { readRoles } from './roles.js';
import { checkSteps } from './steps.js';
import { checkStructure } from './structure.js';
import { checkUi } from './ui.js';

export type { Problem } from './problem.js';

export interface CheckResult {
  /** Absolute path of the checked folder. */
  dir: string;
  /** The JSON files checked, relative to dir. */
  files: string[];
  problems: Problem[];
}

export function checkSchemas(dir: string): CheckResult {
  const absolute = resolve(dir);
  const problems = new Problems();
  const folder = readFolder(absolute, problems);
  const roles = readRoles(folder);
  const metaInvalid = checkMeta(folder, roles, problems);
  checkStructure(folder, roles, problems);
  checkFields(folder, roles, problems);
  checkCompile(folder, roles, metaInvalid, problems);
  checkConditions(folder, roles, problems);
  checkUi(folder, roles, problems);
  checkSteps(folder, roles, problems);
  checkMapping(folder, roles, problems);
  checkConfig(folder, problems);

  const order = new Map(folder.files.map((file, index) => [file, index]));
  const list = problems.list.map((problem) => {
    const text = folder.text.get(problem.file);
    const line = text !== undefined && folder.json.has(problem.file) ? lineOf(text, problem.pointer) : undefined;
    return line === undefined ? problem : { ...problem, line };
  });
  list.sort((a, b) => (order.get(a.file) ?? 1e9) - (order.get(b.file) ?? 1e9) || (a.line ?? 0) - (b.line ?? 0));
  return { dir: absolute, files: folder.files, problems: list };
}
