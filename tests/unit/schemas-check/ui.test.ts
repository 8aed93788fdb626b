// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

describe('uiSchema checks', () => {
  it('a misspelt field key: names the file, the pointer and the nearest property', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.ui.json', (ui) => {
      ui.nmae = ui.name;
      delete ui.name;
    });
    const problem = only(problemsIn(dir), 'ui-unknown-key');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.ui.json', pointer: '/nmae' });
    expect(`${problem.message} ${problem.fix}`).toBe(
      'uiSchema key "nmae" names no property of steps/pharmacy-info.schema.json. Did you mean "name"? Rename the key or add the property.',
    );
  });

  it('a ui:order entry with no property, and a field left out of ui:order (RJSF would refuse the form)', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.ui.json', (ui) => {
      ui['ui:order'] = [
        'firstName',
        'lastNme',
        'nationalCode',
        'mobileNumber',
        'captchaAnswer',
        'captchaId',
        'acceptTerms',
      ];
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'ui-order-unknown')).toMatchObject({
      file: 'steps/manager.ui.json',
      pointer: '/ui:order/1',
      message: expect.stringContaining('Did you mean "lastName"?'),
    });
    expect(only(problems, 'ui-order-missing')).toMatchObject({
      pointer: '/ui:order',
      message: expect.stringContaining('"lastName"'),
    });
  });

  it('"*" in ui:order is allowed and covers unlisted fields', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.ui.json', (ui) => {
      ui['ui:order'] = ['firstName', '*'];
    });
    expect(problemsIn(dir)).toEqual([]);
  });

  it('an unknown widget name lists the registered widgets', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.ui.json', (ui) => {
      ui.latitude['ui:widget'] = 'mapp';
    });
    const problem = only(problemsIn(dir), 'ui-unknown-widget');
    expect(problem).toMatchObject({ file: 'steps/location.ui.json', pointer: '/latitude/ui:widget' });
    expect(problem.message).toContain('No widget is registered under the name "mapp"');
    expect(problem.fix).toContain('"locationMap"');
    expect(problem.fix).toContain('"textarea"');
  });

  it('a near miss of a widget name gets a suggestion', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.ui.json', (ui) => {
      ui.mobileNumber['ui:widget'] = 'mobilenumber';
    });
    expect(only(problemsIn(dir), 'ui-unknown-widget').message).toContain('Did you mean "mobileNumber"?');
  });

  it('a misspelt ui: setting, and a widget option naming a field the step lacks', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.ui.json', (ui) => {
      ui.address['ui:placehoder'] = 'خیابان';
      ui.cityId['ui:options'].provinceField = 'state';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'ui-unknown-setting')).toMatchObject({
      pointer: '/address/ui:placehoder',
      message: expect.stringContaining('Did you mean "ui:placeholder"?'),
    });
    expect(only(problems, 'ui-option-field')).toMatchObject({ pointer: '/cityId/ui:options/provinceField' });
  });
});
