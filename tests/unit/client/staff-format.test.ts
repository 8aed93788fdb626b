import { describe, expect, it } from 'vitest';
import {
  fillVerbatim,
  formatMobile,
  formatPersonNumber,
  formatWaiting,
  telHref,
} from '../../../src/client/staff/ui/format.js';

describe("the console's one way of writing numbers", () => {
  it('groups a mobile as ۰۹۱۲ ۳۴۵ ۶۷۸۹ and dials it with ASCII digits', () => {
    expect(formatMobile('09123456789')).toBe('۰۹۱۲ ۳۴۵ ۶۷۸۹');
    expect(formatMobile('۰۹۱۲۳۴۵۶۷۸۹')).toBe('۰۹۱۲ ۳۴۵ ۶۷۸۹');
    expect(telHref('۰۹۱۲ ۳۴۵ ۶۷۸۹')).toBe('tel:09123456789');
    // Not an Iranian mobile: shown as it is, in Persian digits.
    expect(formatMobile('+44 20 7946')).toBe('+۴۴ ۲۰ ۷۹۴۶');
  });

  it("writes people's numbers in Persian digits", () => {
    expect(formatPersonNumber('0499370899')).toBe('۰۴۹۹۳۷۰۸۹۹');
  });

  it('keeps an e-mail or a tracking code as it is when filling a sentence', () => {
    expect(fillVerbatim('انتخاب {code}', { code: 'Q2W8N4RT' })).toBe('انتخاب Q2W8N4RT');
  });

  it('says how long an open case has waited, in days, else hours', () => {
    const since = '2026-11-20T08:30:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(formatWaiting(since, at('2026-11-23T09:00:00.000Z'))).toBe('۳ روز در انتظار');
    expect(formatWaiting(since, at('2026-11-20T13:45:00.000Z'))).toBe('۵ ساعت در انتظار');
    expect(formatWaiting(since, at('2026-11-20T08:40:00.000Z'))).toBe('کمتر از یک ساعت در انتظار');
  });
});
