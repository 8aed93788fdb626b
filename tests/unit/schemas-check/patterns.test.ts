// @vitest-environment node
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkSync } from 'recheck';
import type * as Recheck from 'recheck';
import { checkSchemas, readTexts } from '../../../scripts/schemas-check/index.js';
import { folderOf } from '../../../src/server/definition-check/folder.js';
import { linearRegExp, PATTERN_MAX_LENGTH, patternSites } from '../../../src/server/definition-check/patterns.js';
import { Problems } from '../../../src/server/definition-check/problem.js';
import { readRoles } from '../../../src/server/definition-check/roles.js';
import { hostilePatterns } from '../../fixtures/hostile-patterns.js';
import { copySchemas, editJson, only, problemsIn, realSchemas, removeCopies, writeText } from './helpers.js';

// Counts the analyses, so the cache of verdicts can be seen; every call still reaches recheck.
vi.mock('recheck', async (importOriginal) => {
  const original = await importOriginal<typeof Recheck>();
  return { ...original, checkSync: vi.fn(original.checkSync) };
});

afterAll(removeCopies);

const patternCodes = [
  'bad-pattern',
  'pattern-too-long',
  'pattern-not-re2',
  'pattern-not-linear',
  'pattern-engines-differ',
];
const NAME = '/properties/name/pattern';

/** A copy of schemas/ with this pattern on the pharmacy's name, and the pattern problems it gets. */
function withNamePattern(pattern: string) {
  const dir = copySchemas();
  editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
    s.properties.name.pattern = pattern;
  });
  return problemsIn(dir).filter((p) => patternCodes.includes(p.code));
}

describe('the shipped patterns', () => {
  it('are all found and all pass: valid, short, RE2, linear', () => {
    const texts = readTexts(realSchemas);
    const folder = folderOf(texts, new Problems());
    const sites = patternSites(folder, readRoles(folder));
    expect(sites.map((site) => `${site.file}#${site.pointer}`)).toEqual(
      expect.arrayContaining([
        'steps/manager.schema.json#/properties/nationalCode/pattern',
        'steps/manager.schema.json#/properties/mobileNumber/pattern',
        'wizard.schema.json#/properties/registration/properties/fields/propertyNames/pattern',
      ]),
    );
    expect(checkSchemas(realSchemas).problems.filter((p) => patternCodes.includes(p.code))).toEqual([]);
  });

  it("a pattern of the same shape as the meta-schema's paths, repeated but unambiguous, passes", () => {
    expect(withNamePattern('^(/[^/]+)+$')).toEqual([]);
  });
});

describe('a pattern that is not linear-time', () => {
  it('is refused: nested Persian words, with the attack and the way to write it', () => {
    const problem = only(withNamePattern('^([\\u0600-\\u06FF]+ ?)+$'), 'pattern-not-linear');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.schema.json', pointer: NAME });
    expect(problem.message).toContain('exponential time');
    expect(problem.message).toContain("'\\u0600'");
    expect(problem.fix).toContain('"^[\\\\u0600-\\\\u06FF ]+$"'); // as written in JSON
    expect(checkSync('^[\\u0600-\\u06FF ]+$', 'u').status).toBe('safe'); // the fix it suggests is itself linear
  });

  it('is refused when only polynomial, with its degree', () => {
    const problem = only(withNamePattern('^\\s*a\\s*b\\s*a\\s*c*\\s*$'), 'pattern-not-linear');
    expect(problem.message).toMatch(/polynomial time \(it grows with the length to the power [2-9]\)/);
  });

  it('is refused as a patternProperties key, and in the "when" of a step in wizard.json', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.extra = {
        type: 'object',
        title: 'بیشتر',
        patternProperties: { '^(a|a)*$': { type: 'string' } },
      };
    });
    editJson(dir, 'wizard.json', (w) => {
      w.steps[2].when = { properties: { name: { type: 'string', pattern: '^(\\w|\\d)+$' } }, required: ['name'] };
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'pattern-not-linear');
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      ['steps/pharmacy-info.schema.json', '/properties/extra/patternProperties/^(a|a)*$'],
      ['wizard.json', '/steps/2/when/properties/name/pattern'],
    ]);
  });
});

describe('every hostile pattern of the fixtures', () => {
  it.each(hostilePatterns.map((hostile) => [hostile.name, hostile] as const))('%s is refused', (_, hostile) => {
    expect(only(withNamePattern(hostile.pattern), hostile.refusedAs)).toMatchObject({ pointer: NAME });
  });

  it("RE2, the server's engine, answers each attack that it can compile at once", () => {
    const compiled = hostilePatterns.filter((hostile) => hostile.refusedAs !== 'pattern-not-re2');
    expect(compiled.length).toBeGreaterThanOrEqual(8);
    const slow = compiled.flatMap((hostile) => {
      const regExp = linearRegExp(hostile.pattern, 'u');
      const started = performance.now();
      regExp.test(hostile.attacks);
      const ms = performance.now() - started;
      return ms < 50 ? [] : [`${hostile.name}: ${ms.toFixed(0)} ms`];
    });
    expect(slow).toEqual([]);
  });
});

describe('RE2', () => {
  it('refuses a back-reference with what RE2 says and how to write the rule without it', () => {
    const problem = only(withNamePattern('^(.)\\1$'), 'pattern-not-re2');
    expect(problem.message).toContain('invalid escape sequence: \\1');
    expect(problem.fix).toContain('"^[1-9][0-9]*$" instead of "^(?!0)[0-9]+$"');
  });

  it('a pattern RE2 refuses is not also reported by the compile check', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.name.pattern = '^(?=.)[\\u0600-\\u06FF ]+$';
    });
    const problems = problemsIn(dir);
    only(problems, 'pattern-not-re2');
    expect(problems.filter((p) => p.code === 'compile')).toEqual([]);
  });
});

describe('what the browser and the server read differently', () => {
  it('is real: \\s and . match other characters in JavaScript than in RE2', () => {
    const both = (pattern: string, value: string) => [
      new RegExp(pattern, 'u').test(value),
      linearRegExp(pattern, 'u').test(value),
    ];
    expect(both('^\\s$', '\u00a0')).toEqual([true, false]);
    expect(both('^.$', '\r')).toEqual([false, true]);
    expect(both('^[ \\u200c]$', '\u200c')).toEqual([true, true]);
  });

  it('\\s and a bare . are refused, with both named', () => {
    const problem = only(withNamePattern('^[\\u0600-\\u06FF\\s]{2,}.$'), 'pattern-engines-differ');
    expect(problem.pointer).toBe(NAME);
    expect(problem.message).toContain('uses \\s and .,');
  });

  it('an escaped dot, a dot in a class and a backslash before it pass', () => {
    expect(withNamePattern('^[0-9.]+\\.[0-9]+$')).toEqual([]);
    expect(withNamePattern('^[a\\]. ]+$')).toEqual([]);
  });
});

describe('length', () => {
  const ofLength = (length: number): string => `^${'a'.repeat(length - 2)}$`;

  it(`${PATTERN_MAX_LENGTH} characters pass, one more is refused with its length`, () => {
    expect(withNamePattern(ofLength(PATTERN_MAX_LENGTH))).toEqual([]);
    const problem = only(withNamePattern(ofLength(PATTERN_MAX_LENGTH + 1)), 'pattern-too-long');
    expect(problem.message).toContain(`${PATTERN_MAX_LENGTH + 1} characters long`);
  });
});

describe('the checker cannot be stalled itself', () => {
  it('a meta-schema named by the draft is refused, and its patterns are still judged', () => {
    const dir = copySchemas();
    const meta = 'steps/wizard-meta.schema.json';
    writeText(
      dir,
      meta,
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: meta,
        type: 'object',
        properties: { title: { type: 'string', pattern: '^(a|a)*$' } },
      }),
    );
    editJson(dir, 'wizard.json', (w) => {
      w.$schema = `./${meta}`;
      w.title = `${'a'.repeat(40)}!`; // 2^40 steps for a backtracking engine
    });
    const started = performance.now();
    const problems = problemsIn(dir);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(problems.filter((p) => p.code === 'pattern-not-linear').map((p) => p.file)).toEqual([meta]);
    // Only the program's meta-schemas check wizard.json: the draft's own is never compiled or run.
    const wizardProblems = problems.filter((p) => p.file === 'wizard.json').map((p) => [p.code, p.pointer]);
    expect(wizardProblems).toContainEqual(['schema-keyword', '/$schema']);
    expect(wizardProblems.map(([code]) => code)).not.toContain('meta');
  });

  it('a pattern analysed once is not analysed again', () => {
    const pattern = '^[\\u0600-\\u06FF]{2,40}$';
    const analyses = vi.mocked(checkSync);
    const before = analyses.mock.calls.filter(([source]) => source === pattern).length;
    withNamePattern(pattern);
    withNamePattern(pattern);
    expect(analyses.mock.calls.filter(([source]) => source === pattern).length - before).toBe(1);
  });
});
