// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

describe('titles', () => {
  it('a title in English is refused', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.service.title = 'Service type';
    });
    const problem = only(problemsIn(dir), 'title-not-persian');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.schema.json', pointer: '/properties/service/title' });
    expect(problem.message).toContain('"Service type", which has no Persian letters');
  });

  it('a hidden field still needs a title (for the error summary)', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      delete s.properties.longitude.title;
    });
    expect(only(problemsIn(dir), 'title-missing')).toMatchObject({
      file: 'steps/location.schema.json',
      pointer: '/properties/longitude',
    });
  });

  it('Arabic ي and ك are pointed out (Persian writes ی and ک)', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      s.properties.nationalCode.title = 'كد ملي';
    });
    const problem = only(problemsIn(dir), 'arabic-letters');
    expect(problem).toMatchObject({ pointer: '/properties/nationalCode/title' });
    expect(problem.message).toContain('uses the Arabic letter(s) ك ي; Persian text uses ی and ک.');
  });
});

describe('option lists', () => {
  it('an enum without titles', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.type = {
        type: 'integer',
        title: 'نوع داروخانه',
        enum: [1, 2, 3, 4, 5, 6],
        errorMessage: 'لطفاً نوع داروخانه را انتخاب کنید.',
      };
    });
    const problem = only(problemsIn(dir), 'enum-titles');
    expect(problem).toMatchObject({ file: 'steps/pharmacy-info.schema.json', pointer: '/properties/type/enum' });
    expect(problem.fix).toContain('"oneOf": [{ "const": 1, "title": "…" }');
  });

  it('a duplicate oneOf const', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.service.oneOf[14] = { const: 14, title: 'خدمت تازه' };
    });
    const problem = only(problemsIn(dir), 'option-duplicate');
    expect(problem).toMatchObject({ pointer: '/properties/service/oneOf/14/const' });
    expect(problem.message).toContain('first at /properties/service/oneOf/13/const');
  });

  it('an option without a title, one without const, one with an English title, one of the wrong type', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.type.oneOf.push(
        { const: 7 },
        { title: 'فصلی' },
        { const: 9, title: 'Seasonal' },
        { const: '10', title: 'موقت' },
      );
    });
    const problems = problemsIn(dir);
    expect(problems.filter((p) => p.code === 'option-title').map((p) => p.pointer)).toEqual([
      '/properties/type/oneOf/6',
      '/properties/type/oneOf/8/title',
    ]);
    expect(only(problems, 'option-const').pointer).toBe('/properties/type/oneOf/7');
    expect(only(problems, 'option-type')).toMatchObject({
      pointer: '/properties/type/oneOf/9/const',
      fix: expect.stringContaining('without quotes'),
    });
  });

  it('duplicate enum values (said once, by the option check)', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.properties.address.enum = ['الف', 'الف'];
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'option-duplicate').pointer).toBe('/properties/address/enum/1');
    expect(problems.filter((p) => p.code === 'meta')).toEqual([]);
  });
});

describe('required, patterns and messages', () => {
  it('a required name with no property', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.required.push('adress');
    });
    const problem = only(problemsIn(dir), 'required-unknown');
    expect(problem).toMatchObject({
      file: 'steps/location.schema.json',
      pointer: '/required/3',
      message: expect.stringContaining('Did you mean "address"?'),
    });
  });

  it('a pattern without ^ and $ is a warning', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      s.properties.mobileNumber.pattern = '09[0-9]{9}';
    });
    expect(only(problemsIn(dir), 'pattern-anchor')).toMatchObject({ level: 'warning', fix: 'Write "^09[0-9]{9}$".' });
  });

  it('an errorMessage key that is not a rule name ("patern")', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      const messages = s.properties.nationalCode.errorMessage;
      messages.patern = messages.pattern;
      delete messages.pattern;
    });
    const problem = only(problemsIn(dir), 'message-key');
    expect(problem).toMatchObject({
      file: 'steps/manager.schema.json',
      pointer: '/properties/nationalCode/errorMessage/patern',
    });
    expect(problem.message).toContain('Did you mean "pattern"?');
  });

  it('a message for a rule the field does not have', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.name.errorMessage.pattern = 'فقط حروف فارسی بنویسید.';
    });
    expect(only(problemsIn(dir), 'message-key').message).toContain('the field has no "pattern" rule');
  });

  it('an error message that is not Persian', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.properties.cityId.errorMessage = 'Please choose a city.';
    });
    expect(only(problemsIn(dir), 'message-not-persian')).toMatchObject({ pointer: '/properties/cityId/errorMessage' });
  });

  it('a field name the mapping cannot write', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties['has-davajoo'] = s.properties.hasDavajoo;
      delete s.properties.hasDavajoo;
    });
    expect(problemsIn(dir).find((p) => p.code === 'field-name')).toMatchObject({
      pointer: '/properties/has-davajoo',
      fix: expect.stringContaining('"hasDavajoo"'),
    });
  });
});
