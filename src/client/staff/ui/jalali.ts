import { toAsciiDigits, toPersianDigits } from '../../../shared/text/normalize.js';
import { dayInTehran, nextDay, tehranDayStart as gregorianDayStart } from '../../../shared/text/tehran-day.js';

/** A Jalali calendar day as staff type it. */
export interface JalaliDay {
  year: number;
  month: number;
  day: number;
}

const persianParts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});
const DAY_MS = 86_400_000;

/** «۱۴۰۵/۹/۳», «1405-09-03» or «۱۴۰۵.۰۹.۰۳» as a day; undefined when it is no such Jalali day. */
export function parseJalaliDay(text: string): JalaliDay | undefined {
  const match = /^(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})$/.exec(toAsciiDigits(text.trim()));
  if (!match) return undefined;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return gregorianNoon(day) === undefined ? undefined : day;
}

/** The day written back in Persian digits, zero-padded (۱۴۰۵/۰۹/۰۳). */
export function formatJalaliDay({ year, month, day }: JalaliDay): string {
  return toPersianDigits(`${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`);
}

/** The day as the console's addresses carry it: ASCII digits, zero-padded (1405-09-03). */
export function jalaliDayKey({ year, month, day }: JalaliDay): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Gregorian date (YYYY-MM-DD) of a Jalali day, as the funnel's API counts Tehran days. */
export function gregorianDayOf(day: JalaliDay): string {
  const noon = gregorianNoon(day);
  if (noon === undefined) throw new RangeError(`no Jalali day ${day.year}/${day.month}/${day.day}`);
  return new Date(noon).toISOString().slice(0, 10);
}

/** The Jalali day of a Gregorian date (YYYY-MM-DD). */
export function jalaliDayOfGregorian(date: string): JalaliDay {
  const parts = Object.fromEntries(
    persianParts.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** How many days a Jalali month has: 31, 30, or 29 for Esfand of a common year. */
export function daysInJalaliMonth(year: number, month: number): number {
  for (const last of [31, 30, 29]) if (gregorianNoon({ year, month, day: last }) !== undefined) return last;
  return 29;
}

/** The day's place in the Iranian week, which starts on Saturday: 0 = شنبه … 6 = جمعه. */
export function weekdayOf(day: JalaliDay): number {
  const noon = gregorianNoon(day);
  if (noon === undefined) throw new RangeError(`no Jalali day ${day.year}/${day.month}/${day.day}`);
  return (new Date(noon).getUTCDay() + 1) % 7;
}

/** The day `count` days later (earlier when negative). */
export function addDays(day: JalaliDay, count: number): JalaliDay {
  const noon = gregorianNoon(day);
  if (noon === undefined) throw new RangeError(`no Jalali day ${day.year}/${day.month}/${day.day}`);
  return jalaliDayOfGregorian(new Date(noon + count * DAY_MS).toISOString().slice(0, 10));
}

/** The same day `count` months later (earlier when negative), kept within the shorter month. */
export function addMonths(day: JalaliDay, count: number): JalaliDay {
  const index = day.year * 12 + (day.month - 1) + count;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInJalaliMonth(year, month)) };
}

export function sameDay(a: JalaliDay | undefined, b: JalaliDay | undefined): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;
}

const monthName = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { dateStyle: 'long', timeZone: 'UTC' });

/** A month as the calendar's title shows it: «آذر ۱۴۰۵». */
export function jalaliMonthTitle(year: number, month: number): string {
  const noon = gregorianNoon({ year, month, day: 1 });
  if (noon === undefined) throw new RangeError(`no Jalali month ${year}/${month}`);
  return `${monthName.format(new Date(noon))} ${toPersianDigits(year)}`;
}

/** A day in words, without its weekday: «۳ آذر ۱۴۰۵». */
export function jalaliDayTitle(day: JalaliDay): string {
  const noon = gregorianNoon(day);
  if (noon === undefined) throw new RangeError(`no Jalali day ${day.year}/${day.month}/${day.day}`);
  return longDay.format(new Date(noon));
}

/** The instant a Tehran day begins (ISO 8601); `after` gives the next day's, for an inclusive end. */
export function jalaliDayStart(day: JalaliDay, after = false): string {
  const noon = gregorianNoon(day);
  if (noon === undefined) throw new RangeError(`no Jalali day ${day.year}/${day.month}/${day.day}`);
  const date = new Date(noon).toISOString().slice(0, 10);
  return gregorianDayStart(after ? nextDay(date) : date);
}

/** The Jalali day it is in Tehran at an instant. */
export function jalaliDayOf(at: Date | number): JalaliDay {
  const parts = Object.fromEntries(
    persianParts.formatToParts(new Date(`${dayInTehran(at)}T12:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/**
 * The Gregorian noon (UTC ms) of a Jalali day, found with the platform's Persian calendar: the
 * year starts on 20 or 21 March and its first six months have 31 days, so the estimate is within
 * two days and the exact day is looked for around it. undefined for a day the calendar lacks
 * (1404/12/30 in a common year, month 13).
 */
function gregorianNoon({ year, month, day }: JalaliDay): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const offset = month <= 6 ? (month - 1) * 31 : 186 + (month - 7) * 30;
  const estimate = Date.UTC(year + 621, 2, 21, 12) + (offset + day - 1) * DAY_MS;
  for (const shift of [0, -1, 1, -2, 2, -3, 3]) {
    const candidate = estimate + shift * DAY_MS;
    const parts = Object.fromEntries(
      persianParts.formatToParts(new Date(candidate)).map((part) => [part.type, part.value]),
    );
    if (Number(parts.year) === year && Number(parts.month) === month && Number(parts.day) === day) return candidate;
  }
  return undefined;
}
