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

/** A count in Persian digits. */
export function formatCount(count: number): string {
  return count.toLocaleString('fa-IR');
}
