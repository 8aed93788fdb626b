// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { readTexts } from '../../../scripts/schemas-check/index.js';
import { checkDefinition } from '../../../src/server/definition-check/index.js';
import { hostileFloor, type DefinitionFilesJson } from '../../fixtures/hostile-floor.js';
import { copySchemas, editJson, problemsIn, realSchemas, removeCopies, writeText } from './helpers.js';

afterAll(removeCopies);

/** A copy of schemas/ with the edit applied to its parsed files (only the files it changed are written). */
function editedCopy(edit: (files: DefinitionFilesJson) => void): string {
  const dir = copySchemas();
  const texts = readTexts(dir);
  const files: DefinitionFilesJson = Object.fromEntries(
    Object.entries(texts).map(([path, text]) => [path, JSON.parse(text)]),
  );
  edit(files);
  for (const [path, json] of Object.entries(files)) {
    const text = `${JSON.stringify(json, null, 2)}\n`;
    if (JSON.stringify(JSON.parse(texts[path])) !== JSON.stringify(json)) writeText(dir, path, text);
  }
  return dir;
}

const belowFloor = (dir: string) => problemsIn(dir).filter((problem) => problem.code === 'below-floor');

describe('the checker holds stored fields to their columns’ floor', () => {
  it('passes the shipped definition', () => {
    expect(belowFloor(realSchemas)).toEqual([]);
  });

  it.each(hostileFloor)('refuses "$name", naming the field and the column', ({ edit, field, column }) => {
    const problems = belowFloor(editedCopy(edit));
    expect(problems.length).toBeGreaterThan(0);
    const named = problems.filter((problem) => problem.message.includes(`«${field}»`));
    expect(named.length).toBeGreaterThan(0);
    for (const problem of named) {
      expect(problem.message).toContain(`ستون ${column}`);
      expect(problem.fix).toMatch(/^این را نگه دارید: /);
      expect(problem.level).toBe('error');
    }
  });

  it('says what to keep, at the keyword an editor changed', () => {
    const [nationalCode, mobile, address, position, name] = hostileFloor.map((removal) =>
      belowFloor(editedCopy(removal.edit)),
    );
    expect(nationalCode).toEqual([
      expect.objectContaining({
        file: 'steps/manager.schema.json',
        pointer: '/properties/nationalCode',
        fix: 'این را نگه دارید: "format": "ir-national-code".',
      }),
    ]);
    expect(mobile.map((problem) => [problem.pointer, problem.fix])).toEqual([
      ['/properties/mobileNumber', 'این را نگه دارید: "format": "ir-mobile".'],
      ['/properties/mobileNumber/pattern', 'این را نگه دارید: "pattern": "^09[0-9]{9}$".'],
      ['/properties/mobileNumber/normalize', 'این را نگه دارید: "normalize": "mobile" یا هیچ "normalize".'],
    ]);
    expect(address).toEqual([
      expect.objectContaining({
        file: 'registration.schema.json',
        pointer: '/required',
        fix: 'این را نگه دارید: «address» در فهرست "required" در registration.schema.json.',
      }),
    ]);
    expect(position.map((problem) => [problem.message.includes('ستون longitude'), problem.pointer])).toEqual([
      [false, '/properties/latitude/minimum'],
      [false, '/properties/latitude/maximum'],
      [true, '/properties/longitude/minimum'],
      [true, '/properties/longitude/maximum'],
    ]);
    expect(name).toEqual([
      expect.objectContaining({
        pointer: '/properties/name/maxLength',
        fix: 'این را نگه دارید: "maxLength" با عددی تا 200.',
      }),
    ]);
  });

  it('lets a tighter rule through: a shorter name, a smaller box', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (schema) => {
      schema.properties.name.maxLength = 60;
    });
    editJson(dir, 'steps/location.schema.json', (schema) => {
      Object.assign(schema.properties.latitude, { minimum: 25, maximum: 39.8 });
    });
    expect(belowFloor(dir)).toEqual([]);
  });

  it('refuses a stored answer asked only on a step shown sometimes, or not posted any more', () => {
    const dir = editedCopy((files) => {
      files['wizard.json'].steps[3].when = {
        properties: { type: { const: 1 } },
        required: ['type'],
      };
      files['wizard.json'].registration.fields['location/address'] = null;
    });
    const problems = belowFloor(dir);
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'wizard.json', pointer: '/steps/3/when', code: 'below-floor' }),
    );
    expect(problems.filter((problem) => problem.message.includes('«manager/nationalCode»'))).not.toEqual([]);
    expect(problems.filter((problem) => problem.message.includes('«/address»'))).toEqual([
      expect.objectContaining({ file: 'registration.schema.json', pointer: '/properties/address' }),
    ]);
  });

  it('judges a registration property that writes its own rule instead of the step’s', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (schema) => {
      schema.properties.adminData.properties.nationalCode = { type: 'string', maxLength: 10, normalize: 'digits' };
    });
    expect(belowFloor(dir).map((problem) => [problem.file, problem.pointer])).toContainEqual([
      'registration.schema.json',
      '/properties/adminData/properties/nationalCode',
    ]);
  });

  it('is the caller’s: without a floor the same draft has no below-floor problem', () => {
    const dir = editedCopy(hostileFloor[0].edit);
    const { problems } = checkDefinition(readTexts(dir));
    expect(problems.filter((problem) => problem.code === 'below-floor')).toEqual([]);
  });
});
