// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { floorErrors, provinceTarget } from '../../../src/server/registration/registration.floor.js';
import { fa } from '../../../src/shared/text/strings.fa.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';
import { validRegistrationForm } from '../../fixtures/registration-form.js';

const wizard = loadRealWizard();
/** Kashan (203) and Isfahan (401) in province 4, Tehran (301) in province 8, as tests/fixtures/locations.json. */
const lists = {
  tiers: [
    { id: 1, title: 'طرح آزمایشی' },
    { id: 2, title: 'طرح پایه' },
  ],
  provinceOfCity: new Map([
    [203, 4],
    [401, 4],
    [301, 8],
  ]),
};

function form(change: (body: Record<string, any>) => void = () => {}): Record<string, any> {
  const body: Record<string, any> = validRegistrationForm({ id: 'c', validOptionIndex: 0 });
  change(body);
  return body;
}

describe('the floor under what is stored', () => {
  it('lets the valid registration through and gives its city’s province', () => {
    expect(floorErrors(wizard, form(), lists)).toEqual({ fields: {}, provinceId: 4 });
  });

  it.each([
    ['a national code of 9 digits, which the check digit alone takes', '/adminData/nationalCode', '499370899'],
    ['a national code of one digit repeated', '/adminData/nationalCode', '1111111111'],
    ['a mobile without its 0, which the operator check alone takes', '/adminData/mobileNumber', '9123456789'],
    ['a mobile with +98', '/adminData/mobileNumber', '+989123456789'],
    ['a name of spaces only', '/name', '   '],
    ['a name longer than its column', '/name', 'د'.repeat(201)],
    ['a plan as text', '/tier', '1'],
    ['a type beyond an integer column', '/type', 2 ** 31],
    ['a latitude as text', '/latitude', '33.9'],
    ['a point just north of the box', '/latitude', 40.01],
    ['no longitude', '/longitude', undefined],
    ['a null address', '/address', null],
    ['has-davajoo as text', '/hasDavajoo', 'yes'],
  ])('refuses %s', (_name, pointer, value) => {
    const body = form((b) => {
      const tokens = pointer.split('/').slice(1);
      const parent = tokens.slice(0, -1).reduce((node, token) => node[token], b);
      if (value === undefined) delete parent[tokens[tokens.length - 1]];
      else parent[tokens[tokens.length - 1]] = value;
    });
    expect(Object.keys(floorErrors(wizard, body, lists).fields)).toEqual([pointer]);
  });

  it('counts a name’s length in characters, as JSON Schema does', () => {
    const emoji = '😀'.repeat(200);
    expect(
      floorErrors(
        wizard,
        form((b) => void (b.name = emoji)),
        lists,
      ).fields,
    ).toEqual({});
  });

  it('takes the province from the city when the version does not post it, and holds a posted one to the city', () => {
    expect(provinceTarget(wizard, '/cityId')).toBeNull();
    expect(
      floorErrors(
        wizard,
        form((b) => void (b.cityId = 301)),
        lists,
      ),
    ).toEqual({ fields: {}, provinceId: 8 });

    const posting = structuredClone(wizard);
    posting.definition.registration.fields['location/selectedState'] = '/selectedState';
    expect(provinceTarget(posting, '/cityId')).toBe('/selectedState');
    const elsewhere = floorErrors(
      posting,
      form((b) => Object.assign(b, { cityId: 301, selectedState: 4 })),
      lists,
    );
    expect(elsewhere.fields).toEqual({ '/cityId': fa.floor.cityOutsideProvince });
    const same = floorErrors(
      posting,
      form((b) => Object.assign(b, { cityId: 401, selectedState: 4 })),
      lists,
    );
    expect(same).toEqual({ fields: {}, provinceId: 4 });
  });

  it('follows the city list’s own provinceField', () => {
    const renamed = structuredClone(wizard);
    const location = renamed.steps.find((step) => step.id === 'location');
    (location!.ui!.cityId as Record<string, unknown>)['ui:options'] = { provinceField: 'region' };
    expect(provinceTarget(renamed, '/cityId')).toBe('/region');
  });
});
