/** How problems are printed for people (one line each) and for tools (--json). */
import { isAbsolute, relative } from 'node:path';
import type { CheckResult } from './index.js';
import type { Problem } from '../../src/server/definition-check/problem.js';
import { problemLine } from '../../src/server/definition-check/index.js';
import { plural } from '../../src/server/definition-check/text.js';

/** The folder as the user should see it: relative to the current directory when inside it. */
export function shownDir(dir: string, cwd = process.cwd()): string {
  const rel = relative(cwd, dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : rel === '' ? '.' : dir;
}

export function formatProblem(problem: Problem, dir: string): string {
  return problemLine(problem, dir);
}

export function formatText(result: CheckResult, cwd = process.cwd()): string {
  const dir = shownDir(result.dir, cwd);
  const lines = result.problems.map((problem) => formatProblem(problem, dir));
  const files = plural(result.files.length, 'file');
  lines.push(
    result.problems.length === 0
      ? `${dir === '.' ? 'schemas' : dir.replace(/\/$/, '')}: ${files} checked, no problems`
      : `${dir.replace(/\/$/, '')}: ${files} checked, ${plural(result.problems.length, 'problem')}`,
  );
  return lines.join('\n');
}

export function formatJson(result: CheckResult, cwd = process.cwd()): string {
  return JSON.stringify(
    {
      dir: shownDir(result.dir, cwd),
      filesChecked: result.files.length,
      ok: result.problems.length === 0,
      problems: result.problems,
    },
    null,
    2,
  );
}
