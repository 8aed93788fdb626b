import { describe, expect, it } from 'vitest';
import {
  buildRegistration,
  draftsFromRegistration,
  fieldTarget,
  stepFieldAt,
} from '../../../src/shared/wizard-definition.js';
import { fieldMessages, schemaAtDataPointer } from '../../../src/shared/schema-messages.js';
import { loadRealWizard } from './schemas-fixture.js';

const wizard = loadRealWizard();

const drafts = {
  'pharmacy-info': { name: 'داروخانه رازی', type: 1, service: 2, hasDavajoo: true },
  location: { selectedState: 8, cityId: 301, address: 'خیابان آزادی، پلاک ۱۲', latitude: 35.7, longitude: 51.4 },
  manager: {
    firstName: 'علی',
    lastName: 'رضایی',
    nationalCode: '0499370899',
    mobileNumber: '09123456789',
    captchaId: 'c-1',
    captchaAnswer: 2,
    acceptTerms: true,
  },
};

describe('the registration built from step drafts', () => {
  it('is exactly the form of spec §3', () => {
    expect(buildRegistration(wizard, drafts, { tier: 2 })).toEqual({
      name: 'داروخانه رازی',
      type: 1,
      service: 2,
      hasDavajoo: true,
      cityId: 301,
      address: 'خیابان آزادی، پلاک ۱۲',
      latitude: 35.7,
      longitude: 51.4,
      tier: 2,
      adminData: { firstName: 'علی', lastName: 'رضایی', nationalCode: '0499370899', mobileNumber: '09123456789' },
      captcha: { id: 'c-1', validOptionIndex: 2 },
    });
  });

  it('does not post what the mapping marks as not posted', () => {
    expect(fieldTarget(wizard.definition, 'location', 'selectedState')).toBeNull();
    expect(fieldTarget(wizard.definition, 'manager', 'acceptTerms')).toBeNull();
  });

  it('maps a server error pointer back to the step field', () => {
    expect(stepFieldAt(wizard, '/adminData/nationalCode')).toEqual({ stepId: 'manager', field: 'nationalCode' });
    expect(stepFieldAt(wizard, '/captcha/validOptionIndex')).toEqual({ stepId: 'manager', field: 'captchaAnswer' });
    expect(stepFieldAt(wizard, '/name')).toEqual({ stepId: 'pharmacy-info', field: 'name' });
    expect(stepFieldAt(wizard, '/nothing')).toBeUndefined();
  });

  it('round-trips through draftsFromRegistration for posted fields', () => {
    const back = draftsFromRegistration(wizard, buildRegistration(wizard, drafts, { tier: 2 }));
    expect(back.manager).toEqual({ ...drafts.manager, acceptTerms: undefined, captchaId: 'c-1' });
    expect(back.location?.selectedState).toBeUndefined();
  });
});

describe('field messages', () => {
  it('follow $refs from the registration to the step field', () => {
    const schema = schemaAtDataPointer(wizard.registrationSchema, '/adminData/nationalCode', wizard.schemasById);
    expect(schema?.title).toBe('کد ملی');
  });

  it('use the field’s own Persian message for each keyword', () => {
    const messages = fieldMessages(
      [
        { keyword: 'required', instancePath: '', params: { missingProperty: 'name' } },
        { keyword: 'format', instancePath: '/adminData/nationalCode', params: { format: 'ir-national-code' } },
        { keyword: 'const', instancePath: '/type', params: { allowedValue: 1 } },
        { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'isAdmin' } },
      ],
      wizard.registrationSchema,
      wizard.schemasById,
    );
    expect(messages).toEqual({
      '/name': 'لطفاً نام داروخانه را بنویسید.',
      '/adminData/nationalCode': 'این کد ملی معتبر نیست؛ لطفاً دوباره بررسی کنید.',
      '/type': 'لطفاً نوع داروخانه را انتخاب کنید.',
      '/isAdmin': 'این بخش در فرم ثبت‌نام شناخته‌شده نیست.',
    });
  });
});
