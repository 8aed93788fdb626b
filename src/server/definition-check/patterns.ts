/**
 * The rules for every regular expression of the definition: each `pattern` and each
 * `patternProperties` key, in every JSON Schema file and in the `when` of a step in wizard.json.
 * A pattern must be valid JavaScript with the "u" flag (as ajv compiles it), at most
 * PATTERN_MAX_LENGTH characters, compilable by RE2 (the server's linear-time engine) and proven
 * linear-time by `recheck`, because the browser still matches it with its own backtracking RegExp.
 *
 * Node only: this module loads `re2` (a native addon) and `recheck` (an analyser that runs in a
 * worker thread and a helper process). Only the checker reaches it (index.ts, fields.ts, and
 * ajv.ts for the checker's own ajv); the browser imports nothing of definition-check but json.ts.
 */
import type { Options } from 'ajv';
import RE2 from 're2';
import { checkSync, type Diagnostics } from 'recheck';
import type { Folder } from './folder.js';
import { isObject, ptr, type Json } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import type { Roles } from './roles.js';
import { walkSchema } from './walk.js';

/** Longer than any field rule needs (the longest shipped one is 12), short enough to read and analyse. */
export const PATTERN_MAX_LENGTH = 300;

/** How long recheck may analyse one pattern; past it the pattern is not proven linear, so refused. */
const ANALYSIS_TIMEOUT_MS = 1000;
/** How long all analyses of one check may take together: a draft of many slow patterns cannot hold the server. */
const ANALYSIS_BUDGET_MS = 2000;
/** Verdicts kept by pattern, so a draft checked on every save is analysed once. */
const VERDICTS_KEPT = 500;

/** ajv's type of a pattern engine (not exported by name). */
type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/**
 * ajv's `code.regExp` for the checker's own ajv: RE2 matches in linear time whatever the pattern,
 * so a meta-schema taken from a draft (a "$schema" pointing into the folder) cannot stall the check.
 * `code` names ajv's runtime module of the same engine, as ajv expects for generated code.
 */
export const linearRegExp: RegExpEngine = Object.assign((pattern: string, flags: string) => new RE2(pattern, flags), {
  code: 'require("ajv/dist/runtime/re2").default',
});

interface PatternSite {
  file: string;
  pointer: string;
  pattern: string;
}

export function checkPatterns(folder: Folder, roles: Roles, problems: Problems): void {
  warmUpAnalyser();
  const deadline = performance.now() + ANALYSIS_BUDGET_MS;
  for (const site of patternSites(folder, roles)) checkPattern(site, deadline, problems);
}

/** Every regular expression the engine reads from the definition, with where it is written. */
export function patternSites(folder: Folder, roles: Roles): PatternSite[] {
  const sites: PatternSite[] = [];
  const collect = (file: string, root: Json | undefined, rootPointer = ''): void =>
    walkSchema(
      root,
      ({ node, pointer }) => {
        if (typeof node.pattern === 'string')
          sites.push({ file, pointer: ptr(pointer, 'pattern'), pattern: node.pattern });
        if (!isObject(node.patternProperties)) return;
        for (const key of Object.keys(node.patternProperties))
          sites.push({ file, pointer: ptr(pointer, 'patternProperties', key), pattern: key });
      },
      rootPointer,
    );
  for (const file of roles.schemaFiles) collect(file, folder.json.get(file));
  roles.steps.forEach((step, index) => {
    if (isObject(step.when)) collect('wizard.json', step.when, ptr('/steps', index, 'when'));
  });
  return sites;
}

function checkPattern(site: PatternSite, deadline: number, problems: Problems): void {
  const { pattern } = site;
  if (pattern.length > PATTERN_MAX_LENGTH) {
    problems.add({
      code: 'pattern-too-long',
      ...where(site),
      message: `The pattern is ${pattern.length} characters long; a pattern may have at most ${PATTERN_MAX_LENGTH}, so that it can be read and proven safe.`,
      fix: 'Shorten it: one character class such as [\\\\u0600-\\\\u06FF ] covers a whole alphabet, and a length belongs in "minLength" and "maxLength", not in the pattern.',
    });
    return;
  }
  const syntaxError = patternError(pattern);
  if (syntaxError !== undefined) {
    reportSyntax(site, syntaxError, problems);
    return;
  }
  const re2Error = re2Refusal(pattern);
  if (re2Error !== undefined) {
    problems.add({
      code: 'pattern-not-re2',
      ...where(site),
      message: `The pattern ${JSON.stringify(pattern)} uses what the server's regular expression engine (RE2) does not have (${re2Error}): back-references such as \\1, look-arounds such as (?=…), (?!…) or (?<=…), and counts over 1000 such as {1001}. RE2 leaves them out so that it always matches in linear time.`,
      fix: 'Write the rule without them, e.g. "^[1-9][0-9]*$" instead of "^(?!0)[0-9]+$"; a rule that needs more belongs in "minLength", "maxLength" or "enum".',
    });
    return; // the rewrite is analysed; this one is refused already, and may be slow to analyse
  }
  reportEngineDifference(site, problems);
  reportNotLinear(site, verdictOf(pattern, deadline), problems);
}

function where(site: PatternSite): { file: string; pointer: string } {
  return { file: site.file, pointer: site.pointer };
}

/** The error the browser's RegExp gives the pattern with ajv's "u" flag, without the pattern itself. */
export function patternError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(
      /^Invalid regular expression: \/.*\/u?: /s,
      '',
    );
  }
}

function reportSyntax(site: PatternSite, error: string, problems: Problems): void {
  const hint = /[\u0600-\u06FF]/.test(site.pattern)
    ? ''
    : /\\d|\\w/.test(site.pattern) && /Invalid escape/i.test(error)
      ? ' A backslash must be written twice in JSON ("\\\\d").'
      : '';
  problems.add({
    code: 'bad-pattern',
    ...where(site),
    message: `The pattern ${JSON.stringify(site.pattern)} is not a valid regular expression (${error.toLowerCase()}), so the schema cannot be used at all.${hint}`,
    fix: 'Correct the pattern, e.g. close every [ with ] and every ( with ); a pattern for 5 to 12 digits is "^[0-9]{5,12}$".',
  });
}

function re2Refusal(pattern: string): string | undefined {
  try {
    new RE2(pattern, 'u');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The tokens whose meaning differs between JavaScript's RegExp (the browser) and RE2 (the server),
 * both with the "u" flag: `\s` and `\S` (JavaScript counts the no-break space, U+2028 and the other
 * Unicode spaces; RE2 only tab, line breaks and the space) and `.` outside a class (RE2 takes a
 * carriage return and U+2028, JavaScript does not). Everything else the two share reads alike.
 */
export function engineDifferences(pattern: string): string[] {
  const found = new Set<string>();
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[(index += 1)];
      if (next === 's' || next === 'S') found.add(`\\${next}`);
    } else if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    else if (char === '.' && !inClass) found.add('.');
  }
  return [...found];
}

function reportEngineDifference(site: PatternSite, problems: Problems): void {
  const tokens = engineDifferences(site.pattern);
  if (tokens.length === 0) return;
  problems.add({
    code: 'pattern-engines-differ',
    ...where(site),
    message: `The pattern ${JSON.stringify(site.pattern)} uses ${tokens.join(' and ')}, which the browser and the server read differently: \\s takes the no-break space and other Unicode spaces only in the browser, and . takes a carriage return only on the server. An answer with one of them would pass in the browser and be refused on submit, or the other way round.`,
    fix: 'Name the characters you mean: " " for a space, "[ \\\\u200c]" for a space or a zero-width non-joiner, "[^\\\\n]" for any character but a line break.',
  });
}

type Verdict =
  { linear: true } | { linear: false; growth: string; attack: string } | { linear: false; unknown: string };

const verdicts = new Map<string, Verdict>();
let analyserReady = false;

/**
 * recheck's first analysis in a process also starts the analyser (about 0.5 s, several seconds on
 * a loaded machine): that is not the pattern's cost, and counted in the budget it refused the
 * shipped definition's plain patterns at a busy start.
 */
function warmUpAnalyser(): void {
  if (analyserReady) return;
  checkSync('^a$', '', { timeout: null });
  analyserReady = true;
}

/** recheck's verdict on the pattern, from the cache when it was analysed before. */
function verdictOf(pattern: string, deadline: number): Verdict {
  const known = verdicts.get(pattern);
  if (known) return known;
  const timeout = Math.min(ANALYSIS_TIMEOUT_MS, Math.floor(deadline - performance.now()));
  if (timeout <= 0) return { linear: false, unknown: 'the check ran out of time for this many patterns' };
  const verdict = verdictFrom(checkSync(pattern, 'u', { timeout }));
  // A verdict cut short by the check's own budget may differ next time, when the pattern is checked first.
  if (!('unknown' in verdict) || timeout === ANALYSIS_TIMEOUT_MS) {
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(pattern, verdict);
  }
  return verdict;
}

function verdictFrom(diagnostics: Diagnostics): Verdict {
  if (diagnostics.status === 'safe') return { linear: true };
  if (diagnostics.status === 'vulnerable') {
    const { complexity } = diagnostics;
    const growth =
      complexity.type === 'exponential'
        ? 'exponential time (each extra character can double it)'
        : `polynomial time (it grows with the length to the power ${complexity.degree})`;
    return { linear: false, growth, attack: diagnostics.attack.pattern };
  }
  const { error } = diagnostics;
  if (error.kind === 'timeout') return { linear: false, unknown: 'its analysis did not finish in time' };
  if (error.kind === 'cancel') return { linear: false, unknown: 'its analysis was cancelled' };
  return { linear: false, unknown: `the analyser cannot read it (${error.message})` };
}

function reportNotLinear(site: PatternSite, verdict: Verdict, problems: Problems): void {
  if (verdict.linear) return;
  const said = JSON.stringify(site.pattern);
  const message =
    'unknown' in verdict
      ? `The pattern ${said} could not be proven to run in linear time: ${verdict.unknown}.`
      : `The pattern ${said} can take ${verdict.growth}: a value such as ${shorten(verdict.attack)} makes the check of one answer run for seconds, in the browser of every manager who types it.`;
  problems.add({
    code: 'pattern-not-linear',
    ...where(site),
    message,
    fix: 'Let every character match in only one way: no repetition inside a repetition such as (…+)+, no alternatives that match the same text such as (a|a)*, no two repetitions side by side that take the same characters; e.g. "^[\\\\u0600-\\\\u06FF ]+$" instead of "^([\\\\u0600-\\\\u06FF]+ ?)+$".',
  });
}

/** recheck's attack string as a JavaScript expression ('a'.repeat(31) + '!'), cut to one line's worth. */
function shorten(attack: string): string {
  return attack.length <= 80 ? attack : `${attack.slice(0, 77)}…`;
}
