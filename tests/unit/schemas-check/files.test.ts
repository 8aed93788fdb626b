// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies, writeText } from './helpers.js';

afterAll(removeCopies);

describe('files that are not valid JSON', () => {
  it('says where the JSON breaks, by line and column', () => {
    const dir = copySchemas();
    writeText(
      dir,
      'steps/manager.ui.json',
      '{\n  "ui:order": ["firstName"],\n  "firstName": { "ui:autocomplete": "given-name" },\n}\n',
    );
    const problem = only(problemsIn(dir), 'json-syntax');
    expect(problem).toMatchObject({ file: 'steps/manager.ui.json', pointer: '' });
    expect(problem.message).toContain('there is a comma before "}"');
    expect(problem.message).toContain('line 4, column 1');
  });

  it('explains a missing comma and an unfinished file', () => {
    const dir = copySchemas();
    writeText(dir, 'register-config.json', '{\n  "defaultTier": 1\n  "tiers": []\n}\n');
    writeText(dir, 'steps/location.ui.json', '{ "ui:order": [');
    const problems = problemsIn(dir).filter((p) => p.code === 'json-syntax');
    expect(problems.find((p) => p.file === 'register-config.json')?.message).toMatch(
      /a comma is missing before this ".*line 3, column 3/,
    );
    expect(problems.find((p) => p.file === 'steps/location.ui.json')?.message).toContain('the file ends too early');
  });
});

describe('one broken file is reported once', () => {
  it('a step schema that is not JSON is not reported again at every $ref to it, nor as unlisted', () => {
    const dir = copySchemas();
    writeText(dir, 'steps/location.schema.json', '{ "type": "object", ');
    const problems = problemsIn(dir);
    expect(problems.map((p) => [p.code, p.file])).toEqual([['json-syntax', 'steps/location.schema.json']]);
  });

  it('an empty file, and a wizard.json whose steps are not a list, give one plain problem each', () => {
    const dir = copySchemas();
    writeText(dir, 'steps/manager.ui.json', '');
    editJson(dir, 'wizard.json', (w) => {
      w.steps = { welcome: w.steps[0] };
    });
    const problems = problemsIn(dir);
    expect(problems.map((p) => [p.code, p.file, p.pointer])).toEqual([
      ['json-syntax', 'steps/manager.ui.json', ''],
      ['meta', 'wizard.json', '/steps'],
    ]);
    expect(problems[0].message).toBe('The file is empty, which is not valid JSON.');
  });
});

describe('files checked against their meta-schema', () => {
  it('wizard.json: a step without a route, a wrong kind, an unknown key (with a suggestion)', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      delete w.steps[1].route;
      w.steps[0].kind = 'page';
      w.steps[2].tittle = w.steps[2].title;
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'meta');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'wizard.json',
          pointer: '/steps/1',
          message: expect.stringContaining('missing "route"'),
        }),
        expect.objectContaining({
          file: 'wizard.json',
          pointer: '/steps/0/kind',
          message: expect.stringContaining('"content", "form"'),
        }),
        expect.objectContaining({
          file: 'wizard.json',
          pointer: '/steps/2/tittle',
          message: expect.stringContaining('Did you mean "title"?'),
        }),
      ]),
    );
  });

  it('wizard.json: a route not written as a path', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[1].route = 'Pharmacy Info';
    });
    const problem = only(problemsIn(dir), 'meta');
    expect(problem).toMatchObject({ file: 'wizard.json', pointer: '/steps/1/route' });
    expect(problem.message).toContain('a path such as "/pharmacy-info"');
  });

  it('register-config.json: a wrong value type, and a default plan that does not exist', () => {
    const dir = copySchemas();
    editJson(dir, 'register-config.json', (c) => {
      c.map.zoom = '11';
      c.defaultTier = 9;
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'meta')).toMatchObject({
      file: 'register-config.json',
      pointer: '/map/zoom',
      message: 'The value must be a number.',
    });
    expect(only(problems, 'tier-default')).toMatchObject({ file: 'register-config.json', pointer: '/defaultTier' });
  });

  it('wizard.json without "$schema": VS Code could not help, so it is reported', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      delete w.$schema;
    });
    const problem = only(problemsIn(dir), 'schema-keyword');
    expect(problem).toMatchObject({ file: 'wizard.json', pointer: '' });
    expect(problem.fix).toContain('"$schema": "./wizard.schema.json"');
  });

  it('a step schema that is not valid draft-07: a misspelt type, with the nearest type suggested', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.type.type = 'integr';
    });
    const problem = only(problemsIn(dir), 'meta');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.schema.json', pointer: '/properties/type/type' });
    expect(problem.message).toBe('"type": "integr" is not a JSON Schema type. Did you mean "integer"?');
  });

  it('a step schema written for another JSON Schema version', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.$schema = 'https://json-schema.org/draft/2020-12/schema';
    });
    expect(only(problemsIn(dir), 'schema-keyword')).toMatchObject({
      file: 'steps/location.schema.json',
      pointer: '/$schema',
    });
  });
});
