import { afterEach, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies, writeText } from './helpers.js';

afterEach(removeCopies);

const STEP = 'steps/pharmacy-info.schema.json';

describe('schemas:check on the closed vocabulary', () => {
  it('refuses a JSON Schema keyword the wizard does not support, saying why, with the exact words an editor sees', () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.properties.name.examples = ['داروخانه شفا'];
    });
    const problem = only(problemsIn(dir), 'unsupported-keyword');
    expect(problem).toMatchObject({ file: STEP, pointer: '/properties/name/examples' });
    expect(problem.message).toBe(
      '"examples" is a JSON Schema keyword the wizard does not accept: the wizard never shows "examples"; a hint for the manager belongs in the uiSchema ("ui:placeholder").',
    );
    expect(problem.fix).toBe('Remove "examples".');
  });

  it.each(['$comment', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', '$defs', '$recursiveRef'])(
    'refuses "%s", which the engine does not act on',
    (keyword) => {
      const dir = copySchemas();
      editJson(dir, STEP, (s) => {
        s.properties.name[keyword] = keyword === '$defs' ? {} : 'x';
      });
      expect(only(problemsIn(dir), 'unsupported-keyword').pointer).toBe(`/properties/name/${keyword}`);
    },
  );

  it('refuses an unknown keyword in a step condition, with the nearest keyword of a condition suggested', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[2].when = { propertis: { type: { const: 1 } }, required: ['type'] };
    });
    const problem = only(problemsIn(dir), 'unknown-keyword');
    expect(problem).toMatchObject({ file: 'wizard.json', pointer: '/steps/2/when/propertis' });
    expect(problem.message).toContain("in a step's condition");
    expect(problem.message).toContain('Did you mean "properties"?');
    expect(problem.line).toBeGreaterThan(1);
  });

  it('refuses the keywords a condition has no use for, and accepts a title and a description there', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[2].when = {
        title: 'داروخانهٔ روزانه',
        description: 'only for day pharmacies',
        properties: { type: { const: 1, errorMessage: 'نوع' } },
        required: ['type'],
        definitions: {},
      };
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'keyword-position');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/steps/2/when/properties/type/errorMessage',
      '/steps/2/when/definitions',
    ]);
    expect(problems[0].message).toContain('cannot be used in a step\'s condition ("when")');
  });

  it('refuses "$id" and "$schema" below the root of a schema file, and accepts them at the root', () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.definitions = { shared: { $id: 'steps/shared.schema.json', type: 'string' } };
      s.allOf = [{ $schema: 'http://json-schema.org/draft-07/schema#' }];
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'keyword-position');
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      [STEP, '/definitions/shared/$id'],
      [STEP, '/allOf/0/$schema'],
    ]);
    expect(problems[0].fix).toContain('use "$ref" with a pointer');
  });

  it('refuses a root "$id" that is not the path, in a shared schema file too', () => {
    const dir = copySchemas();
    writeText(
      dir,
      'steps/shared.schema.json',
      JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', $id: 'shared.schema.json', type: 'string' }),
    );
    editJson(dir, 'registration.schema.json', (s) => {
      s.definitions = { shared: { $ref: 'shared.schema.json' } };
    });
    expect(only(problemsIn(dir), 'id-path')).toMatchObject({
      file: 'steps/shared.schema.json',
      pointer: '/$id',
      fix: 'Write "$id": "steps/shared.schema.json".',
    });
  });

  it("refuses a $ref with a scheme, and a $ref into the program's meta-schemas", () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.properties.name = { $ref: 'file:///etc/passwd' };
      s.properties.type = { $ref: '\\\\attacker.example\\type.schema.json' };
      s.properties.hasDavajoo = { $ref: '../wizard.schema.json#/definitions/step' };
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'remote-ref');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/properties/name/$ref',
      '/properties/type/$ref',
      '/properties/hasDavajoo/$ref',
    ]);
    expect(problems[0].message).toContain('an address outside the definition');
    expect(problems[1].message).toContain('an address outside the definition');
    expect(problems[2].message).toContain('points into wizard.schema.json');
    // One refusal per $ref: the unresolved-ref check does not repeat it.
    expect(problemsIn(dir).filter((p) => p.code === 'unresolved-ref')).toEqual([]);
  });

  it('compiles nothing with an unknown keyword in it (ajv reports no second problem)', () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.properties.name.minLenght = 2;
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'unknown-keyword').pointer).toBe('/properties/name/minLenght');
    expect(problems.filter((p) => p.code === 'compile')).toEqual([]);
  });

  it('refuses a value of normalize, verify or errorMessage the wizard does not know, before compiling', () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.properties.name.normalize = 'digit';
      s.properties.name.errorMessage = ['لطفاً'];
      s.properties.type.verify = 'x*/alert(1)/*';
      s.properties.hasDavajoo.errorMessage = { $id: 'x*/alert(1)/*' };
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'keyword-value');
    expect(problems.map((p) => p.pointer).sort()).toEqual([
      '/properties/hasDavajoo/errorMessage/$id',
      '/properties/name/errorMessage',
      '/properties/name/normalize',
      '/properties/type/verify',
    ]);
    const normalize = problems.find((p) => p.pointer.endsWith('/normalize'));
    expect(normalize?.message).toBe('"normalize": "digit" is not one the wizard knows. Did you mean "digits"?');
    expect(normalize?.fix).toBe('Write one of "text", "digits", "mobile", "none", or remove "normalize".');
    expect(problemsIn(dir).filter((p) => ['compile', 'message-key'].includes(p.code))).toEqual([]);
  });

  it('refuses a $ref into a value (a default, an option list): ajv would read the value as a schema', () => {
    const dir = copySchemas();
    editJson(dir, STEP, (s) => {
      s.properties.hasDavajoo.default = { $id: 'x*/alert(1)/*', type: 'boolean' };
      s.properties.name.allOf = [{ $ref: '#/properties/hasDavajoo/default' }];
    });
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.type = { $ref: 'steps/pharmacy-info.schema.json#/properties/type/oneOf/0/title' };
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'ref-target');
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      ['registration.schema.json', '/properties/type/$ref'],
      [STEP, '/properties/name/allOf/0/$ref'],
    ]);
    expect(problems[1].message).toContain(
      'points to /properties/hasDavajoo/default of steps/pharmacy-info.schema.json',
    );
  });
});
