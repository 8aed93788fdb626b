import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInJalaliMonth,
  formatJalaliDay,
  gregorianDayOf,
  jalaliDayOf,
  parseJalaliDay,
  jalaliDayStart,
  weekdayOf,
} from '../../../src/client/staff/ui/jalali.js';

describe('Jalali days of the staff list filter', () => {
  it('reads Persian and ASCII digits with any of the usual separators', () => {
    expect(parseJalaliDay('۱۴۰۵/۰۹/۰۳')).toEqual({ year: 1405, month: 9, day: 3 });
    expect(parseJalaliDay(' 1405-9-3 ')).toEqual({ year: 1405, month: 9, day: 3 });
    expect(parseJalaliDay('۱۴۰۵.۱۲.۲۹')).toEqual({ year: 1405, month: 12, day: 29 });
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of ['', '1405/13/01', '1405/00/10', '1405/07/31', '1404/12/30', '14050903', 'فردا']) {
      expect(parseJalaliDay(text), text).toBeUndefined();
    }
    // 1403 is a leap year of the Persian calendar: its Esfand has 30 days.
    expect(parseJalaliDay('1403/12/30')).toEqual({ year: 1403, month: 12, day: 30 });
  });

  it('gives the instant a Tehran day starts, and the next day for an inclusive end', () => {
    // 1 Farvardin 1405 = 21 March 2026; 3 Azar 1405 = 24 November 2026.
    expect(jalaliDayStart({ year: 1405, month: 1, day: 1 })).toBe('2026-03-20T20:30:00.000Z');
    expect(jalaliDayStart({ year: 1405, month: 9, day: 3 })).toBe('2026-11-23T20:30:00.000Z');
    expect(jalaliDayStart({ year: 1405, month: 9, day: 3 }, true)).toBe('2026-11-24T20:30:00.000Z');
    expect(jalaliDayStart({ year: 1403, month: 12, day: 30 }, true)).toBe('2025-03-20T20:30:00.000Z');
  });

  it('tells the Jalali day it is in Tehran, which starts three and a half hours before UTC midnight', () => {
    expect(jalaliDayOf(Date.parse('2026-11-23T20:29:59Z'))).toEqual({ year: 1405, month: 9, day: 2 });
    expect(jalaliDayOf(Date.parse('2026-11-23T20:30:00Z'))).toEqual({ year: 1405, month: 9, day: 3 });
    expect(jalaliDayOf(Date.parse('2026-03-20T21:00:00Z'))).toEqual({ year: 1405, month: 1, day: 1 });
  });

  it('writes a day back in Persian digits', () => {
    expect(formatJalaliDay({ year: 1405, month: 9, day: 3 })).toBe('۱۴۰۵/۰۹/۰۳');
  });
});

describe('the Jalali calendar beside a typed day', () => {
  it('knows the months’ lengths, Esfand of a leap year included', () => {
    expect(daysInJalaliMonth(1405, 1)).toBe(31);
    expect(daysInJalaliMonth(1405, 7)).toBe(30);
    expect(daysInJalaliMonth(1404, 12)).toBe(29);
    expect(daysInJalaliMonth(1403, 12)).toBe(30);
  });

  it('starts the week on Saturday and moves across months and years', () => {
    // 1 Farvardin 1405 = Saturday 21 March 2026.
    expect(weekdayOf({ year: 1405, month: 1, day: 1 })).toBe(0);
    expect(gregorianDayOf({ year: 1405, month: 1, day: 1 })).toBe('2026-03-21');
    expect(addDays({ year: 1404, month: 12, day: 29 }, 1)).toEqual({ year: 1405, month: 1, day: 1 });
    expect(addMonths({ year: 1405, month: 6, day: 31 }, 1)).toEqual({ year: 1405, month: 7, day: 30 });
    expect(addMonths({ year: 1405, month: 1, day: 10 }, -1)).toEqual({ year: 1404, month: 12, day: 10 });
  });
});
