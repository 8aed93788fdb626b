// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

describe('schemas ajv (strict mode) will not compile', () => {
  it('a pattern that is not a valid regular expression', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      s.properties.nationalCode.pattern = '[0-9';
    });
    const problems = problemsIn(dir);
    const problem = only(problems, 'bad-pattern');
    expect(problem).toMatchObject({ file: 'steps/manager.schema.json', pointer: '/properties/nationalCode/pattern' });
    expect(problem.message).toContain('"[0-9" is not a valid regular expression (unterminated character class)');
    expect(problems.filter((p) => p.code === 'compile')).toEqual([]); // said once, not again by ajv
  });

  it('a pattern valid in old JavaScript but not with the "u" flag ajv uses', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.name.pattern = '^\\-[a-z]+$';
    });
    expect(only(problemsIn(dir), 'bad-pattern').pointer).toBe('/properties/name/pattern');
  });

  it('a misspelt keyword, with the nearest keyword suggested', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.properties.address.maxLenght = s.properties.address.maxLength;
      delete s.properties.address.maxLength;
    });
    const problems = problemsIn(dir);
    const problem = only(problems, 'unknown-keyword');
    expect(problem).toMatchObject({ file: 'steps/location.schema.json', pointer: '/properties/address/maxLenght' });
    expect(problem.message).toContain('Did you mean "maxLength"?');
  });

  it('a $ref that leads nowhere (wrong property), with the nearest property suggested', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.adminData.properties.mobileNumber.$ref = 'steps/manager.schema.json#/properties/mobileNumbr';
    });
    const problem = only(problemsIn(dir), 'unresolved-ref');
    expect(problem).toMatchObject({
      file: 'registration.schema.json',
      pointer: '/properties/adminData/properties/mobileNumber/$ref',
    });
    expect(problem.message).toContain('Did you mean "mobileNumber"?');
  });

  it('a $ref to a file that does not exist', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.name.$ref = 'steps/pharmacy.schema.json#/properties/name';
    });
    const problem = only(problemsIn(dir), 'unresolved-ref');
    expect(problem.message).toContain('no file in the folder has that "$id"');
    expect(problem.message).toContain('Did you mean "steps/pharmacy-info.schema.json"?');
  });

  it('a rule without the "type" it needs (strict types)', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      delete s.properties.name.type;
    });
    const problem = only(problemsIn(dir), 'compile');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.schema.json', pointer: '/properties/name' });
    expect(problem.fix).toContain('Add "type": "string"');
  });

  it('an unknown format, with the nearest format suggested', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      s.properties.mobileNumber.format = 'ir-mobil';
    });
    const problem = only(problemsIn(dir), 'unknown-format');
    expect(problem).toMatchObject({ file: 'steps/manager.schema.json', pointer: '/properties/mobileNumber/format' });
    expect(problem.message).toContain('Did you mean "ir-mobile"?');
  });

  it('a standard format the server does not register ("email")', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.name.format = 'email';
    });
    expect(only(problemsIn(dir), 'unknown-format').pointer).toBe('/properties/name/format');
  });
});
