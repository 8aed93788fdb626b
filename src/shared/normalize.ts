import { digitsArToEn, digitsFaToEn } from '@persian-tools/persian-tools';

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits become ASCII; other characters are kept. */
export function toAsciiDigits(value: string): string {
  return digitsArToEn(digitsFaToEn(value));
}

/** Arabic ي/ك/ى become Persian ی/ک, so the same name is stored and searched one way. */
export function toPersianLetters(value: string): string {
  return value.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
}

/** Free text as the manager meant it: Persian letters, trimmed, no control characters. */
export function normalizeText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return toPersianLetters(value)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
}

/** A code typed with any digits, dashes or spaces (national code, mobile) as plain ASCII digits. */
export function normalizeDigitCode(value: string): string {
  return toAsciiDigits(value).replace(/[\s\u200c\-–—_.()]/g, '');
}

/** Mobile number as stored: 11 ASCII digits starting 09 (a +98 / 0098 / 98 prefix is accepted). */
export function normalizeMobile(value: string): string {
  const digits = normalizeDigitCode(value).replace(/^\+/, '');
  if (/^0098\d{10}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^98\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

interface SchemaNode {
  type?: string | string[];
  pattern?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
}

/**
 * Normalises a value by its (dereferenced) JSON Schema: strings with a pattern or format are codes
 * (digits to ASCII, separators out; ir-mobile also loses a country prefix); other strings are text;
 * nested objects are walked. Unknown properties are left for the validator to refuse.
 */
export function normalizeBySchema(value: unknown, schema: SchemaNode | undefined): unknown {
  if (typeof value === 'string') return normalizeString(value, schema);
  if (!isPlainObject(value) || !schema?.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = Object.hasOwn(schema.properties, key) ? normalizeBySchema(child, schema.properties[key]) : child;
  }
  return out;
}

function normalizeString(value: string, schema: SchemaNode | undefined): string {
  if (schema?.format === 'ir-mobile') return normalizeMobile(value);
  if (schema?.pattern || schema?.format) return normalizeDigitCode(value);
  return normalizeText(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
