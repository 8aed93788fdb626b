// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

describe('the registration mapping', () => {
  it('a field added to a step but not to registration.schema.json', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.licenceNumber = { type: 'string', title: 'شماره پروانه', pattern: '^[0-9]{5,12}$' };
    });
    editJson(dir, 'steps/pharmacy-info.ui.json', (ui) => {
      ui['ui:order'].push('licenceNumber');
    });
    const problem = only(problemsIn(dir), 'mapping-target');
    expect(problem).toMatchObject({ file: 'registration.schema.json', pointer: '/properties/licenceNumber' });
    expect(problem.message).toContain('Field "pharmacy-info/licenceNumber" is posted at /licenceNumber');
    expect(problem.fix).toContain(
      'Add "licenceNumber": { "$ref": "steps/pharmacy-info.schema.json#/properties/licenceNumber" } to "properties" at the top level',
    );
    expect(problem.fix).toContain('"pharmacy-info/licenceNumber": null');
  });

  it('a required field that the registration does not require: names the exact "required" list', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.adminData.required = s.properties.adminData.required.filter((n: string) => n !== 'nationalCode');
    });
    const problem = only(problemsIn(dir), 'mapping-required');
    expect(problem).toMatchObject({ file: 'registration.schema.json', pointer: '/properties/adminData/required' });
    expect(problem.message).toContain(
      '"manager/nationalCode" is required on its step, but /adminData/nationalCode is optional',
    );
    expect(problem.fix).toBe(
      'Add "nationalCode" to the "required" list at /properties/adminData/required in registration.schema.json.',
    );
  });

  it('a required field whose parent object is optional in the registration', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.required = s.required.filter((n: string) => n !== 'adminData');
    });
    const problems = problemsIn(dir).filter((p) => p.code === 'mapping-required');
    expect(problems).toHaveLength(4); // the four manager fields posted under /adminData
    expect(problems[0]).toMatchObject({
      pointer: '/required',
      fix: 'Add "adminData" to the "required" list at /required in registration.schema.json.',
    });
  });

  it('mapping keys that name no step or no field', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.registration.fields['manger/firstName'] = '/adminData/firstName';
      delete w.registration.fields['manager/firstName'];
      w.registration.fields['location/selectedStat'] = null;
      delete w.registration.fields['location/selectedState'];
    });
    const keys = problemsIn(dir).filter((p) => p.code === 'mapping-key');
    expect(keys.map((p) => p.pointer).sort()).toEqual([
      '/registration/fields/location~1selectedStat',
      '/registration/fields/manger~1firstName',
    ]);
    expect(keys.find((p) => p.pointer.includes('manger'))?.message).toContain('Did you mean "manager"?');
    expect(keys.find((p) => p.pointer.includes('selectedStat'))?.message).toContain('Did you mean "selectedState"?');
  });

  it('a registration property that no step field and no context value feeds', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.email = { type: 'string', title: 'رایانامه', maxLength: 100 };
    });
    const problem = only(problemsIn(dir), 'mapping-unfed');
    expect(problem).toMatchObject({ file: 'registration.schema.json', pointer: '/properties/email' });
    expect(problem.message).toContain('no step field and no context value fills it');
  });

  it('a $ref that points to another field than the one mapped there', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.adminData.properties.firstName.$ref = 'steps/manager.schema.json#/properties/lastName';
    });
    const problem = only(problemsIn(dir), 'mapping-ref');
    expect(problem).toMatchObject({ level: 'warning', pointer: '/properties/adminData/properties/firstName/$ref' });
    expect(problem.fix).toContain('"$ref": "steps/manager.schema.json#/properties/firstName"');
  });

  it('a registration property that copies the rules instead of referring to the field', () => {
    const dir = copySchemas();
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.address = { type: 'string', title: 'آدرس', minLength: 5 };
    });
    expect(only(problemsIn(dir), 'mapping-copy')).toMatchObject({ level: 'warning', pointer: '/properties/address' });
  });

  it('a context value sent to a pointer the registration lacks', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.registration.context.tier = '/plan';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'mapping-target')).toMatchObject({
      file: 'wizard.json',
      pointer: '/registration/context/tier',
    });
    expect(only(problems, 'mapping-unfed').pointer).toBe('/properties/tier');
  });

  it('two fields posted at one place', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.registration.fields['manager/lastName'] = '/adminData/firstName';
    });
    expect(problemsIn(dir).find((p) => p.code === 'mapping-collision')).toMatchObject({ file: 'wizard.json' });
  });
});
