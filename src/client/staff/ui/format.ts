/**
 * How the console writes what it shows, decided once and used on every screen:
 * - people's numbers (mobile, national code) and counts in Persian digits; a mobile grouped as
 *   ۰۹۱۲ ۳۴۵ ۶۷۸۹ and dialled through a `tel:` link with ASCII digits;
 * - the tracking code exactly as the wizard printed it for the manager (ASCII, left to right), so
 *   what a manager reads out over the phone is what a colleague sees;
 * - dates and times in the Jalali calendar, Tehran time, Persian digits.
 */
import { hasFormatShape } from '../../../shared/definition/formats.js';
import { toAsciiDigits } from '../../../shared/text/normalize.js';
import { faDigits, fill } from '../../../shared/text/persian.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';

const dateTime = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Tehran',
});

/** A Jalali date and time in Persian digits, as staff in Iran read it. */
export function formatWhen(value: string | number): string {
  return dateTime.format(new Date(value));
}

/** A text field of a submitted form (a file input would give a File: none here). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

const calendarDay = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { dateStyle: 'medium', timeZone: 'Asia/Tehran' });

/** A Tehran day (YYYY-MM-DD, as the funnel counts) as a Jalali date in Persian digits. */
export function formatDay(day: string): string {
  return calendarDay.format(new Date(`${day}T12:00:00+03:30`));
}

/** A count in Persian digits, grouped (۱٬۲۰۰). */
export function formatCount(count: number): string {
  return count.toLocaleString('fa-IR');
}

/** An Iranian mobile as people write it: ۰۹۱۲ ۳۴۵ ۶۷۸۹ (anything else just in Persian digits). */
export function formatMobile(mobile: string): string {
  const digits = toAsciiDigits(mobile).replace(/\D/g, '');
  const grouped = hasFormatShape('ir-mobile', digits)
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : mobile;
  return faDigits(grouped);
}

/** The `tel:` address a phone dials for a mobile. */
export function telHref(mobile: string): string {
  return `tel:${toAsciiDigits(mobile).replace(/[^\d+]/g, '')}`;
}

/** A national code (or any other number of a person) in Persian digits. */
export function formatPersonNumber(value: string): string {
  return faDigits(toAsciiDigits(value));
}

/** The manager's full name. */
export function personName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return `${firstName} ${lastName}`.trim();
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long an open case has waited since its last status change: «۳ روز در انتظار». */
export function formatWaiting(since: string, now: number = Date.now()): string {
  const waited = Math.max(0, now - Date.parse(since));
  if (waited >= DAY_MS) return fill(faConsole.staff.waitingDays, { count: Math.floor(waited / DAY_MS) });
  if (waited >= HOUR_MS) return fill(faConsole.staff.waitingHours, { count: Math.floor(waited / HOUR_MS) });
  return faConsole.staff.waitingFresh;
}

/** Fills `{name}` placeholders with text kept as it is (an e-mail, a tracking code): no digit is turned Persian. */
export function fillVerbatim(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
