/**
 * `checkDefinition(texts)`: every check of the wizard definition in one call, over the files' texts
 * (path relative to schemas/ -> text), returning the problems in file order. The same checks serve
 * `npm run schemas:check` (a folder read from disk) and the server (a draft held in the database),
 * so both say the same thing in the same words. Each group of checks lives in its own module; see
 * the list in docs/editing-the-wizard.md.
 */
import { checkCompile } from './compile.js';
import { checkConditions } from './conditions.js';
import { checkConfig } from './config.js';
import { checkFields } from './fields.js';
import { checkExpansion } from './expansion.js';
import { checkFloor, type Floor } from './floor.js';
import { folderOf, type Folder } from './folder.js';
import { lineOf } from '../../shared/definition/json.js';
import { checkLimits } from './limits.js';
import { checkMapping } from './mapping.js';
import { checkMeta } from './meta.js';
import { checkPatterns } from './patterns.js';
import { MAX_PROBLEMS, Problems, problemWords, type Problem } from './problem.js';
import { readRoles } from './roles.js';
import { checkSteps } from './steps.js';
import { checkStructure } from './structure.js';
import { checkUi } from './ui.js';
import { checkVerify } from './verify.js';
import { checkVocabulary } from './vocabulary.js';

export type { Problem } from './problem.js';
export type { Floor } from './floor.js';
export { MAX_PROBLEMS, problemWords } from './problem.js';

export interface DefinitionCheck {
  /** The files checked, relative to schemas/, sorted. */
  files: string[];
  problems: Problem[];
}

export interface CheckOptions {
  /** The stored columns' rules (the server's column map): a draft looser than them is refused. */
  floor?: Floor;
}

export function checkDefinition(texts: Record<string, string>, options: CheckOptions = {}): DefinitionCheck {
  const problems = new Problems();
  const folder = folderOf(texts, problems);
  // Nothing else reads a draft beyond the limits; only known keywords reach a compiler.
  if (checkLimits(folder, problems)) return finish(folder, problems);
  const roles = readRoles(folder);
  // No compiler, and no reader that inlines references, may see a draft that grows past the limits.
  if (checkExpansion(folder, roles, problems)) return finish(folder, problems);
  checkVocabulary(folder, roles, problems);
  const metaInvalid = checkMeta(folder, roles, problems);
  checkStructure(folder, roles, problems);
  checkPatterns(folder, roles, problems);
  checkFields(folder, roles, problems);
  checkCompile(folder, roles, metaInvalid, problems);
  checkConditions(folder, roles, problems);
  checkUi(folder, roles, problems);
  checkSteps(folder, roles, problems);
  checkMapping(folder, roles, problems);
  checkVerify(folder, roles, problems);
  checkConfig(folder, problems);
  if (options.floor) checkFloor(folder, roles, options.floor, problems);
  return finish(folder, problems);
}

/**
 * The problems with their lines, in file order. Finding a line scans the file's text, so a draft
 * with thousands of mistakes is answered with the first MAX_PROBLEMS only.
 */
function finish(folder: Folder, problems: Problems): DefinitionCheck {
  const order = new Map(folder.files.map((file, index) => [file, index]));
  const list = problems.list.slice(0, MAX_PROBLEMS).map((problem) => {
    const text = folder.text.get(problem.file);
    const line = text !== undefined && folder.json.has(problem.file) ? lineOf(text, problem.pointer) : undefined;
    return line === undefined ? problem : { ...problem, line };
  });
  list.sort((a, b) => (order.get(a.file) ?? 1e9) - (order.get(b.file) ?? 1e9) || (a.line ?? 0) - (b.line ?? 0));
  return { files: folder.files, problems: list };
}

/** One problem on one line, as schemas:check prints it: `dir/file:line  pointer  words`. */
export function problemLine(problem: Problem, dir: string): string {
  const folder = dir.split('\\').join('/').replace(/\/+$/, '');
  const file = folder === '' || folder === '.' ? problem.file : `${folder}/${problem.file}`;
  const where = problem.line === undefined ? file : `${file}:${problem.line}`;
  const pointer = problem.pointer === '' ? '(whole file)' : problem.pointer;
  return `${where}  ${pointer}  ${problemWords(problem)}`;
}
