import { readFileSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import type { DefinitionProblem } from '../../shared/contracts/definition.schemas.js';
import { problemWords, type Problem } from '../definition-check/index.js';
import type { FloorRule } from '../definition-check/floor.js';
import { PROGRAM_FILES, type DefinitionTexts } from '../../shared/definition/definition-files.js';
import { ApiError } from '../errors.js';
import { fromRoot, projectRoot } from '../paths.js';
import type { CheckAnswer, CheckRequest } from './sandbox/check-protocol.js';
import { entryBeside, SOURCE_RESOLVER } from './source-entry.js';

let programTexts: DefinitionTexts | undefined;

/** The meta-schemas the program ships in schemas/: a version is checked against them, never its own. */
export function programFiles(): DefinitionTexts {
  programTexts ??= Object.fromEntries(
    PROGRAM_FILES.map((path) => [path, readFileSync(fromRoot('schemas', path), 'utf8')] as const),
  );
  return programTexts;
}

/**
 * What one check may cost. Today's definition is checked in ~0.3 s with a few MB; the checker
 * refuses drafts too large once references are expanded before it compiles anything, so these
 * bounds only stop what slips past its rules. docs/limits.md lists them.
 */
export const CHECK_BOUNDS: CheckBounds = { timeoutMs: 10_000, heapMb: 160 };

/**
 * Checks that may wait for the checker at once: editors are few, and a save that finds more
 * waiting is told 503 with Retry-After (a stale one is answered 409 before it waits at all).
 */
export const MAX_WAITING_CHECKS = 32;

export interface CheckBounds {
  timeoutMs: number;
  heapMb: number;
}

/**
 * The problems `npm run schemas:check` would print for these files, in its words: each file's
 * text is what the lines refer to. Only the definition's own files are reported. The floor is
 * the stored columns' (the server passes registration.columns.ts's STORED_FLOOR): a draft looser
 * than it is refused. The check runs in a process of its own (sandbox/check-definition.ts), bounded in time and memory: a check
 * past either bound is a problem of the draft, never a stalled or crashed server.
 */
export async function checkDefinitionTexts(
  texts: DefinitionTexts,
  floor: readonly FloorRule[],
): Promise<DefinitionProblem[]> {
  const outcome = await checker.check({ ...texts, ...programFiles() }, floor);
  const problems = 'problems' in outcome ? outcome.problems : [boundProblem(outcome.bound)];
  return problems.map((problem) => ({
    file: problem.file,
    line: problem.line ?? null,
    pointer: problem.pointer,
    message: problemWords(problem),
    level: problem.level ?? 'error',
    code: problem.code,
  }));
}

export type CheckOutcome = { problems: Problem[] } | { bound: 'time' | 'memory' };

function boundProblem(bound: 'time' | 'memory'): Problem {
  const what =
    bound === 'time' ? `more than ${CHECK_BOUNDS.timeoutMs / 1000} s` : `more than ${CHECK_BOUNDS.heapMb} MB`;
  return {
    code: 'check-bound',
    file: 'wizard.json',
    pointer: '',
    level: 'error',
    message: `Checking the definition took ${what}, so it was stopped; the draft is too large once references are expanded, or too complex for the checker.`,
    fix: 'Undo the last large change (many "$ref"s to a large schema, long lists of conditions) and save again.',
  };
}

/**
 * One process, checks one after another. A process that ran out of time or memory is ended, and a
 * new one is started for the next check. It keeps the server's process alive only while it checks.
 */
export class CheckerProcess {
  private child: ChildProcess | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private waiting = 0;

  constructor(private readonly bounds: CheckBounds) {}

  check(texts: DefinitionTexts, floor: readonly FloorRule[]): Promise<CheckOutcome> {
    // Each check waits for those before it: past a few, the caller is told to come back.
    if (this.waiting >= MAX_WAITING_CHECKS)
      return Promise.reject(new ApiError(503, 'unavailable', undefined, { 'retry-after': '2' }));
    this.waiting += 1;
    const run = this.queue
      .then(() => this.run({ id: this.nextId++, texts, floor }))
      .finally(() => {
        this.waiting -= 1;
      });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(request: CheckRequest): Promise<CheckOutcome> {
    const child = this.started();
    hold(child, true);
    return new Promise<CheckOutcome>((resolve) => {
      const settle = (outcome: CheckOutcome, end: boolean): void => {
        clearTimeout(timer);
        child.off('message', onMessage).off('exit', onExit);
        if (end) this.end(child);
        else hold(child, false);
        resolve(outcome);
      };
      const onMessage = (answer: CheckAnswer): void => {
        if (answer.id === request.id) settle({ problems: answer.problems }, false);
      };
      // A checker that stops by itself mid-check ran out of heap (V8 aborts it).
      const onExit = (): void => settle({ bound: 'memory' }, true);
      const timer = setTimeout(() => settle({ bound: 'time' }, true), this.bounds.timeoutMs);
      child.on('message', onMessage).on('exit', onExit);
      child.send(request);
    });
  }

  private started(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const entry = entryBeside(new URL('./sandbox/', import.meta.url).href, 'check-definition');
    const heap = `--max-old-space-size=${this.bounds.heapMb}`;
    const execArgv = entry.source ? [heap, '--no-warnings=ExperimentalWarning', '--import', SOURCE_RESOLVER] : [heap];
    this.child = fork(entry.file, [], {
      execArgv,
      cwd: projectRoot,
      // Only what Node needs; the server's own Node options (a loader its deployment relies on) too.
      env: {
        PATH: process.env.PATH ?? '',
        ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.child.on('error', () => undefined); // a failed send or start: the exit settles the check
    hold(this.child, false);
    return this.child;
  }

  private end(child: ChildProcess): void {
    if (this.child === child) this.child = undefined;
    child.kill('SIGKILL');
  }
}

/** Whether the child (and its message channel) keeps this process alive: only during a check. */
function hold(child: ChildProcess, busy: boolean): void {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

const checker = new CheckerProcess(CHECK_BOUNDS);
