import { describe, expect, it } from 'vitest';
import {
  buildRegistration,
  draftsFromRegistration,
  fieldTarget,
  stepFieldAt,
} from '../../../src/shared/definition/wizard-definition.js';
import { fieldMessages, schemaAtDataPointer } from '../../../src/shared/definition/schema-messages.js';
import { loadRealWizard } from './schemas-fixture.js';
import { validAnswers, withCaptcha } from '../../fixtures/registration.js';

const wizard = loadRealWizard();

const drafts = { ...validAnswers, manager: withCaptcha({ id: 'c-1', validOptionIndex: 2 }) };

describe('the registration built from step drafts', () => {
  it('is exactly the registration body of schemas/registration.schema.json', () => {
    const { acceptTerms: _accepted, captchaId: _id, captchaAnswer: _answer, ...manager } = drafts.manager;
    const { selectedState: _province, ...location } = validAnswers.location;
    expect(buildRegistration(wizard, drafts, { tier: 2 })).toEqual({
      ...validAnswers['pharmacy-info'],
      ...location,
      tier: 2,
      adminData: manager,
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
