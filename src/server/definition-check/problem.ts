/**
 * One thing wrong in schemas/, said so that a product-staff member can fix it without reading code.
 * `file` is relative to the checked folder (always with forward slashes), `pointer` is a JSON pointer
 * inside that file ('' = the whole file), `message` says what is wrong, `fix` says what to do.
 */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
  fix: string;
  /** 1-based line of `pointer` in the file, when it can be found. Filled in by checkSchemas. */
  line?: number;
  /** 'warning' marks problems that do not break the wizard today but will mislead; they still fail the check. */
  level?: 'error' | 'warning';
  /** Stable token for the kind of problem (tests and de-duplication use it), e.g. 'ui-unknown-key'. */
  code: string;
}

export type ProblemInput = Omit<Problem, 'line'>;

/** A problem in one line of words, as schemas:check prints it after the file and pointer. */
export function problemWords(problem: Pick<Problem, 'level' | 'message' | 'fix'>): string {
  return `${problem.level === 'warning' ? 'Warning: ' : ''}${problem.message} ${problem.fix}`;
}

/** The most problems one check lists (a draft is not fixed a thousand mistakes at a time). */
export const MAX_PROBLEMS = 200;

/** Collects problems; each check module gets one and adds to it. */
export class Problems {
  readonly list: Problem[] = [];

  /**
   * True once MAX_PROBLEMS are collected: later ones are not listed, so a check may skip work that
   * only words a problem. Every problem is still added: `has` decides what is compiled.
   */
  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS;
  }

  add(problem: ProblemInput): void {
    this.list.push({ level: 'error', ...problem });
  }

  /** True when a problem with this code (or any code when omitted) was reported for the file. */
  has(file: string, codes?: readonly string[]): boolean {
    return this.list.some((p) => p.file === file && (!codes || codes.includes(p.code)));
  }
}
