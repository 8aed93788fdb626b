import { readFileSync } from 'node:fs';
import type { DefinitionProblem } from '../../shared/definition-contract.js';
import { checkDefinition, problemWords } from '../../shared/definition-check/index.js';
import type { FloorRule } from '../../shared/definition-check/floor.js';
import { PROGRAM_FILES, type DefinitionTexts } from '../../shared/definition-files.js';
import { fromRoot } from '../paths.js';

let programTexts: DefinitionTexts | undefined;

/** The meta-schemas the program ships in schemas/: a version is checked against them, never its own. */
export function programFiles(): DefinitionTexts {
  programTexts ??= Object.fromEntries(
    PROGRAM_FILES.map((path) => [path, readFileSync(fromRoot('schemas', path), 'utf8')] as const),
  );
  return programTexts;
}

/**
 * The problems `npm run schemas:check` would print for these files, in its words: each file's
 * text is what the lines refer to. Only the definition's own files are reported. The floor is
 * the stored columns' (the server passes registration.columns.ts's STORED_FLOOR): a draft looser
 * than it is refused.
 */
export function checkDefinitionTexts(texts: DefinitionTexts, floor: readonly FloorRule[]): DefinitionProblem[] {
  const { problems } = checkDefinition({ ...texts, ...programFiles() }, { floor });
  return problems.map((problem) => ({
    file: problem.file,
    line: problem.line ?? null,
    pointer: problem.pointer,
    message: problemWords(problem),
    level: problem.level ?? 'error',
    code: problem.code,
  }));
}
