/**
 * Numbers in Persian digits (۱۲۳) through the platform's Intl, so the first page carries no
 * digit-conversion library (the /welcome bundle budget).
 */
const persianNumber = new Intl.NumberFormat('fa-IR', { useGrouping: false });

/** A number, or a string of ASCII digits, shown with Persian digits. */
export function faDigits(value: string | number): string {
  if (typeof value === 'number') return persianNumber.format(value);
  return value.replace(/\d/g, (digit) => persianNumber.format(Number(digit)));
}

/** Fills `{name}` placeholders of a Persian template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? faDigits(values[name]) : whole,
  );
}
