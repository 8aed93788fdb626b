// Visits, steps and registrations are counted by the day in Iran, which is what staff mean by "today";
// the console's date filters ask for the same days.
const tehranDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in Tehran (YYYY-MM-DD) of an instant. */
export function dayInTehran(at: Date | number): string {
  return tehranDay.format(at);
}

/** The UTC instant (ISO) at which a Tehran day starts; Iran has kept +03:30 all year since 2022. */
export function tehranDayStart(day: string): string {
  return new Date(`${day}T00:00:00+03:30`).toISOString();
}

/** The Tehran day after `day`. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
