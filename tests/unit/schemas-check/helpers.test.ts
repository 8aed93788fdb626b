// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineOf, parseJson } from '../../../src/shared/definition/json.js';
import { editDistance, hasPersian, nearest } from '../../../src/server/definition-check/text.js';

describe('text helpers', () => {
  it('counts a swap of neighbours as one edit and suggests only close names', () => {
    expect(editDistance('nmae', 'name')).toBe(1);
    expect(nearest('nmae', ['name', 'type', 'service'])).toBe('name');
    expect(nearest('patern', ['pattern', 'format'])).toBe('pattern');
    expect(nearest('Name', ['name'])).toBe('name');
    expect(nearest('xyz', ['name', 'type'])).toBeUndefined();
  });

  it('finds Persian letters, not digits alone', () => {
    expect(hasPersian('نام داروخانه')).toBe(true);
    expect(hasPersian('۱۲۳')).toBe(false);
    expect(hasPersian('Name')).toBe(false);
  });
});

describe('JSON helpers', () => {
  it('reports line and column of a syntax error', () => {
    const result = parseJson('{\n  "a": 1,\n  "b" 2\n}');
    expect(result).toMatchObject({ ok: false, line: 3, column: 7 });
  });

  it('finds the line of a pointer, or of its closest parent when it is missing', () => {
    const text = '{\n  "ui:order": ["a", "b"],\n  "a": {\n    "ui:widget": "text"\n  }\n}\n';
    expect(lineOf(text, '/a/ui:widget')).toBe(4);
    expect(lineOf(text, '/ui:order/1')).toBe(2);
    expect(lineOf(text, '/a/missing')).toBe(3);
    expect(lineOf(text, '')).toBe(1);
  });
});
