import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  foldPlaceName,
  normalizeBySchema,
  normalizeDigitCode,
  normalizeMobile,
  normalizeText,
  toAsciiDigits,
} from '../../../src/shared/text/normalize.js';
import Ajv from 'ajv';
import { formats } from '../../../src/shared/definition/formats.js';
import { loadRealWizard } from './schemas-fixture.js';

// The rule of a field is its schema: the pattern gives the shape, the format the check digit or
// operator prefix. Judge values the way both sides do, with the real manager step.
const manager = loadRealWizard().steps.find((step) => step.id === 'manager')?.jsonSchema ?? {};
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
const managerProperties = manager.properties as Record<string, object>;
const fieldAccepts = (field: string, value: string): boolean => ajv.validate(managerProperties[field], value);

describe('digits', () => {
  it('turns Persian and Arabic-Indic digits into ASCII', () => {
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('پلاک ۱۲')).toBe('پلاک 12');
  });

  it('keeps any ASCII digit string unchanged', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{0,20}$/), (digits) => toAsciiDigits(digits) === digits));
  });

  it('reads the same number whichever digits were typed', () => {
    const fa = '۰۱۲۳۴۵۶۷۸۹';
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}$/), (digits) => {
        const persian = [...digits].map((d) => fa[Number(d)]).join('');
        return normalizeDigitCode(persian) === digits;
      }),
    );
  });
});

describe('text', () => {
  it('writes Arabic ي and ك the Persian way and trims', () => {
    expect(normalizeText('  علي كريمي ')).toBe('علی کریمی');
  });
});

describe('mobile numbers', () => {
  it.each([
    ['۰۹۱۲-۳۴۵-۶۷۸۹', '09123456789'],
    ['0912 345 6789', '09123456789'],
    ['+98 912 345 6789', '09123456789'],
    ['00989123456789', '09123456789'],
    ['9123456789', '09123456789'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(normalizeMobile(typed)).toBe(stored);
  });

  it('accepts real operator prefixes and the stored shape only', () => {
    expect(fieldAccepts('mobileNumber', '09123456789')).toBe(true);
    expect(fieldAccepts('mobileNumber', '09601234567')).toBe(false);
    expect(fieldAccepts('mobileNumber', '0912345678')).toBe(false);
    expect(fieldAccepts('mobileNumber', '9123456789')).toBe(false);
  });
});

describe('national codes', () => {
  it.each(['0499370899', '0790419904', '0084575948'])('%s has a valid check digit', (code) => {
    expect(fieldAccepts('nationalCode', code)).toBe(true);
  });

  it.each(['0684159415', '0000000000', '123456789', '499370899', '12345678901'])('%s is refused', (code) => {
    expect(fieldAccepts('nationalCode', code)).toBe(false);
  });
});

describe('normalizeBySchema', () => {
  const schema = {
    properties: {
      name: { type: 'string' },
      adminData: {
        properties: {
          nationalCode: { type: 'string', pattern: '^[0-9]{10}$', format: 'ir-national-code' },
          mobileNumber: { type: 'string', format: 'ir-mobile' },
          licence: { type: 'string', pattern: '^[0-9]{5,12}$', normalize: 'digits' as const },
          email: { type: 'string', pattern: '^[^@]+@[^@]+$' },
          code: { type: 'string', normalize: 'none' as const },
        },
      },
    },
  };

  it('normalises codes and text by what the schema says they are', () => {
    const out = normalizeBySchema(
      { name: ' داروخانه علي ۲۴ ', adminData: { nationalCode: '۰۴۹۹-۳۷۰۸۹۹', mobileNumber: '۰۹۱۲ ۳۴۵ ۶۷۸۹' } },
      schema,
    );
    expect(out).toEqual({
      name: 'داروخانه علی ۲۴',
      adminData: { nationalCode: '0499370899', mobileNumber: '09123456789' },
    });
  });

  it('guesses nothing from a pattern: only a declared "normalize" or an Iranian format makes a code', () => {
    const out = normalizeBySchema(
      { adminData: { licence: '۱۲-۳۴۵', email: ' Ali-Rezaei@example.ir ', code: ' ك-1 ' } },
      schema,
    );
    expect(out).toEqual({ adminData: { licence: '12345', email: 'Ali-Rezaei@example.ir', code: ' ك-1 ' } });
  });

  it('leaves unknown properties and non-strings for the validator to judge', () => {
    expect(normalizeBySchema({ extra: ' x ', name: 5 }, schema)).toEqual({ extra: ' x ', name: 5 });
  });
});

describe('foldPlaceName', () => {
  const ZWNJ = '\u200c';
  it.each([
    ['قائم' + ZWNJ + 'شهر', 'قائمشهر'],
    ['قائم' + ZWNJ + 'شهر', 'قایم شهر'],
    ['خمینی' + ZWNJ + 'شهر', 'خميني شهر'],
    ['کنگان', 'كنگان'],
    ['بندرکنگان', 'کنگان'],
    ['بندرکنگان', 'بندر کنگان'],
    ['بوئین زهرا', 'بویین‌زهرا'],
    ['آستارا', 'أستارا'],
  ])('folds «%s» and «%s» alike', (name, typed) => {
    expect(foldPlaceName(typed)).toBe(foldPlaceName(name));
  });

  it('keeps towns apart that differ in more than spelling', () => {
    expect(foldPlaceName('کنگان')).not.toBe(foldPlaceName('کنگاور'));
    expect(foldPlaceName('بندرعباس')).not.toBe(foldPlaceName('بندر'));
    expect(foldPlaceName('شهر')).toBe('شهر');
  });
});
