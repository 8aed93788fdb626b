import { describe, expect, it } from 'vitest';
import { readTexts } from '../../../scripts/schemas-check/index.js';
import { checkDefinition, MAX_PROBLEMS } from '../../../src/server/definition-check/index.js';
import { DEFINITION_LIMITS, limitExcess, nestsTooDeep } from '../../../src/server/definition-check/limits.js';
import { walkSchema } from '../../../src/server/definition-check/walk.js';
import { deepText } from '../../fixtures/hostile-definitions/index.js';
import { realSchemas } from './helpers.js';

const STEP = 'steps/pharmacy-info.schema.json';
const { maxDepth, maxItems, maxNodes, maxStringChars } = DEFINITION_LIMITS;

/** The shipped texts with the step schema's "definitions" set to `text`. */
function withDefinitions(text: string): Record<string, string> {
  const texts = readTexts(realSchemas);
  texts[STEP] = texts[STEP].replace(/^\{/, `{\n  "definitions": ${text},`);
  return texts;
}

function codes(texts: Record<string, string>): string[] {
  return checkDefinition(texts).problems.map((p) => p.code);
}

describe('schemas:check on the size and shape of a definition', () => {
  it("has today's definition well inside every limit", () => {
    const texts = readTexts(realSchemas);
    let nodes = 0;
    for (const text of Object.values(texts)) {
      const measured = limitExcess(JSON.parse(text), nodes);
      expect(measured.excess).toBeUndefined();
      nodes = measured.nodes;
    }
    expect(nodes * 3).toBeLessThan(maxNodes);
  });

  it(`accepts ${maxDepth} levels and refuses ${maxDepth + 1}, at the first value too deep`, () => {
    // The file is level 1; deepText(n) as "definitions" is levels 2 to n + 1, and its 1 is level n + 2.
    expect(codes(withDefinitions(deepText(maxDepth - 2)))).not.toContain('too-deep');
    const problems = checkDefinition(withDefinitions(deepText(maxDepth - 1))).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'too-deep', file: STEP, line: 2 });
    expect(problems[0].pointer.split('/')).toHaveLength(maxDepth + 1);
  });

  it(`accepts a text or a name of ${maxStringChars} characters and refuses one more`, () => {
    const text = (length: number) => JSON.stringify({ [`k${'a'.repeat(length - 1)}`]: {} });
    expect(codes(withDefinitions(text(maxStringChars)))).not.toContain('string-too-long');
    const [problem] = checkDefinition(withDefinitions(text(maxStringChars + 1))).problems;
    expect(problem).toMatchObject({ code: 'string-too-long', file: STEP });
    expect(problem.message).toContain(`${maxStringChars + 1} characters long`);
    const value = JSON.stringify({ description: 'ب'.repeat(maxStringChars + 1) });
    expect(checkDefinition(withDefinitions(value)).problems[0].pointer).toBe('/definitions/description');
  });

  it(`counts values across all files and stops at ${maxNodes}`, () => {
    // Lists of maxItems numbers in one list: (maxItems + 1) values each, and the outer list itself.
    const lists = (count: number) => Array.from({ length: count }, () => Array.from({ length: maxItems }, () => 0));
    const fitting = Math.floor((maxNodes - 1) / (maxItems + 1));
    expect(limitExcess(lists(fitting)).excess).toBeUndefined();
    expect(limitExcess(lists(fitting + 1)).excess?.kind).toBe('nodes');
    expect(limitExcess([0, 0], maxNodes - 2).excess?.kind).toBe('nodes');
    expect(limitExcess([0], maxNodes - 2).excess).toBeUndefined();
  });

  it(`accepts ${maxItems} options in one list and refuses one more, pointing at the list`, () => {
    const options = (count: number) =>
      JSON.stringify({ type: 'integer', enum: Array.from({ length: count }, (_, i) => i) });
    expect(codes(withDefinitions(JSON.stringify({ shared: JSON.parse(options(maxItems)) })))).not.toContain(
      'too-many-items',
    );
    const [problem] = checkDefinition(
      withDefinitions(JSON.stringify({ shared: JSON.parse(options(maxItems + 1)) })),
    ).problems;
    expect(problem).toMatchObject({ code: 'too-many-items', file: STEP, pointer: '/definitions/shared/enum' });
    expect(problem.message).toContain(`${maxItems + 1} entries`);
  });

  it('answers a condition with hundreds of values that are not options in seconds, not minutes', () => {
    const texts = readTexts(realSchemas);
    const schema = JSON.parse(texts[STEP]);
    const values = Array.from({ length: maxItems - 10 }, (_, i) => i + 1000);
    schema.properties.type.oneOf = values.map((value) => ({ const: value - 1000, title: `گزینهٔ ${value}` }));
    schema.allOf = Array.from({ length: 30 }, () => ({
      if: { properties: { type: { enum: values } }, required: ['type'] },
      then: {},
    }));
    texts[STEP] = JSON.stringify(schema, null, 2);
    const started = performance.now();
    const { problems } = checkDefinition(texts);
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems.map((p) => p.code)).toContain('condition-not-an-option');
    // Minutes when each value was compared with each option, and each guess with each title.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('measures and walks 100,000 levels without recursion', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 100_000; level += 1) deep = { not: deep };
    expect(limitExcess(deep).excess).toEqual({ kind: 'depth', pointer: '/not'.repeat(maxDepth) });
    expect(nestsTooDeep(deep)).toBe(true);
    let visits = 0;
    walkSchema(deep as never, () => {
      visits += 1;
    });
    expect(visits).toBe(100_001);
  });

  it('answers a 20,000-level draft in well under a second', () => {
    const texts = withDefinitions(deepText(20_000));
    const started = performance.now();
    expect(codes(texts)).toEqual(['too-deep']);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it(`lists at most ${MAX_PROBLEMS} problems, however many mistakes a draft has`, () => {
    const keys = (group: number) => Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x${group}-${i}`, 1]));
    const shared = Object.fromEntries(Array.from({ length: 5 }, (_, group) => [`s${group}`, keys(group)]));
    const { problems } = checkDefinition(withDefinitions(JSON.stringify(shared)));
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(new Set(problems.map((p) => p.code))).toEqual(new Set(['unknown-keyword']));
  });
});
