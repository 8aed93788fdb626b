import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../../src/server/definition-check/index.js';
import { hostileDefinitions, hostileTexts } from '../../fixtures/hostile-definitions/index.js';

const refused = hostileDefinitions.filter((entry) => entry.refusal);

describe('schemas:check on hostile definitions', () => {
  it('has an entry for every refusal of the vocabulary and of the limits', () => {
    const codes = new Set(refused.map((entry) => entry.refusal?.code));
    for (const code of ['unknown-keyword', 'unsupported-keyword', 'keyword-position', 'id-path', 'remote-ref'])
      expect(codes).toContain(code);
    for (const code of ['too-deep', 'string-too-long', 'too-many-nodes', 'too-many-items'])
      expect(codes).toContain(code);
  });

  it.each(refused)('refuses $name ($attacks) with its problem at file:line and pointer', (entry) => {
    const texts = hostileTexts(entry);
    const { problems } = checkDefinition(texts);
    const expected = entry.refusal as NonNullable<typeof entry.refusal>;
    const found = problems.filter((p) => p.code === expected.code);
    expect(found, problems.map((p) => `${p.code} ${p.file} ${p.pointer}`).join('\n')).toHaveLength(1);
    const [problem] = found;
    expect(problem.file).toBe(expected.file);
    if (typeof expected.pointer === 'string') expect(problem.pointer).toBe(expected.pointer);
    else expect(problem.pointer).toMatch(expected.pointer);
    // The line is the one that holds the offending key (or, for a list item, the item itself).
    const lines = texts[problem.file].split('\n');
    expect(problem.line).toBeGreaterThanOrEqual(1);
    const last = problem.pointer.split('/').pop() as string;
    const shown = /^\d+$/.test(last) ? last : `"${last}"`;
    expect(lines[(problem.line as number) - 1]).toContain(shown);
    expect(problem.level).toBe('error');
  });

  it('refuses a draft beyond a limit with that problem alone: no other check walked it', () => {
    for (const name of ['deep-draft', 'deep-when', 'huge-string', 'many-nodes', 'many-options']) {
      const entry = hostileDefinitions.find((candidate) => candidate.name === name);
      const { problems } = checkDefinition(hostileTexts(entry as (typeof hostileDefinitions)[number]));
      expect(problems.map((p) => p.code)).toEqual([entry?.refusal?.code]);
    }
  });
});
