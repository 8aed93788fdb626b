// @vitest-environment node
// The worked examples of docs/editing-the-wizard.md, done here exactly as the document tells a
// product-staff member to do them: each one must leave the definition with zero problems.
import { afterAll, describe, expect, it } from 'vitest';
import { checkSchemas } from '../../../scripts/schemas-check/index.js';
import { copySchemas, editJson, removeCopies, writeText } from './helpers.js';

afterAll(removeCopies);

function addLicenceNumber(dir: string, required: boolean): void {
  editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
    s.properties.licenceNumber = {
      type: 'string',
      title: 'شماره پروانه داروخانه',
      pattern: '^[0-9]{5,12}$',
      normalize: 'digits',
      errorMessage: {
        ...(required ? { required: 'لطفاً شماره پروانه داروخانه را بنویسید.' } : {}),
        pattern: 'شماره پروانه فقط از رقم تشکیل می‌شود و ۵ تا ۱۲ رقم دارد.',
      },
    };
    if (required) s.required.push('licenceNumber');
  });
  editJson(dir, 'steps/pharmacy-info.ui.json', (ui) => {
    ui['ui:order'] = ['name', 'licenceNumber', 'type', 'service', 'hasDavajoo'];
    ui.licenceNumber = {
      'ui:placeholder': 'مثلاً ۱۲۳۴۵۶',
      'ui:help': 'شماره را همان‌طور که روی پروانه تأسیس آمده است بنویسید.',
      'ui:inputType': 'tel',
    };
  });
  editJson(dir, 'registration.schema.json', (s) => {
    s.properties.licenceNumber = { $ref: 'steps/pharmacy-info.schema.json#/properties/licenceNumber' };
    if (required) s.required.push('licenceNumber');
  });
}

describe('the worked examples of docs/editing-the-wizard.md pass the check', () => {
  it('a new optional text field licenceNumber (step schema + ui:order + registration $ref)', () => {
    const dir = copySchemas();
    addLicenceNumber(dir, false);
    expect(checkSchemas(dir).problems).toEqual([]);
  });

  it('the same field, required (also in both "required" lists)', () => {
    const dir = copySchemas();
    addLicenceNumber(dir, true);
    expect(checkSchemas(dir).problems).toEqual([]);
  });

  it('a new option for «نوع خدمت» and a changed message', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/pharmacy-info.schema.json', (s) => {
      s.properties.service.oneOf.push({ const: 15, title: 'داخل مجتمع پزشکی' });
      s.properties.name.errorMessage.required =
        'لطفاً نام داروخانه را همان‌طور که روی تابلوی داروخانه آمده است بنویسید.';
    });
    expect(checkSchemas(dir).problems).toEqual([]);
  });

  it('a new content step with paragraphs', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps.splice(1, 0, {
        id: 'documents',
        route: '/documents',
        title: 'پیش از شروع',
        kind: 'content',
        paragraphs: [
          'برای ثبت‌نام، پروانه تأسیس داروخانه و کارت ملی مدیر را کنار دست داشته باشید.',
          'پر کردن فرم حدود پنج دقیقه طول می‌کشد. اگر صفحه را تازه کنید، اطلاعاتی که وارد کرده‌اید از بین نمی‌رود.',
        ],
        buttons: { back: 'مرحله قبل', next: 'ادامه' },
      });
    });
    expect(checkSchemas(dir).problems).toEqual([]);
  });

  it('a new form step with its own schema, uiSchema and registration entries', () => {
    const dir = copySchemas();
    writeText(
      dir,
      'steps/contact.schema.json',
      JSON.stringify(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          $id: 'steps/contact.schema.json',
          title: 'راه‌های تماس با داروخانه',
          type: 'object',
          required: ['landline'],
          properties: {
            landline: {
              type: 'string',
              title: 'تلفن ثابت داروخانه',
              pattern: '^0[0-9]{10}$',
              normalize: 'digits',
              errorMessage: {
                required: 'لطفاً شماره تلفن ثابت داروخانه را بنویسید.',
                pattern: 'شماره تلفن ثابت را همراه با پیش‌شماره شهر بنویسید؛ مثلاً ۰۲۱۸۸۷۷۶۶۵۵.',
              },
            },
            callTime: {
              type: 'integer',
              title: 'بهترین زمان برای تماس',
              oneOf: [
                { const: 1, title: 'صبح (۸ تا ۱۲)' },
                { const: 2, title: 'عصر (۱۶ تا ۲۰)' },
              ],
              errorMessage: 'لطفاً زمان مناسب برای تماس را انتخاب کنید.',
            },
          },
        },
        null,
        2,
      ),
    );
    writeText(
      dir,
      'steps/contact.ui.json',
      JSON.stringify(
        {
          'ui:order': ['landline', 'callTime'],
          landline: { 'ui:inputType': 'tel', 'ui:placeholder': '۰۲۱۸۸۷۷۶۶۵۵' },
          callTime: { 'ui:widget': 'radio' },
        },
        null,
        2,
      ),
    );
    editJson(dir, 'wizard.json', (w) => {
      w.steps.splice(3, 0, {
        id: 'contact',
        route: '/contact',
        title: 'راه‌های تماس',
        kind: 'form',
        schema: 'steps/contact.schema.json',
        uiSchema: 'steps/contact.ui.json',
        buttons: { back: 'مرحله قبل', next: 'ادامه' },
      });
    });
    editJson(dir, 'registration.schema.json', (s) => {
      s.properties.landline = { $ref: 'steps/contact.schema.json#/properties/landline' };
      s.properties.callTime = { $ref: 'steps/contact.schema.json#/properties/callTime' };
      s.required.push('landline');
    });
    expect(checkSchemas(dir).problems).toEqual([]);
  });
});
