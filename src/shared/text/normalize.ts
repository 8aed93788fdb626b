import { digitsArToEn, digitsEnToFa, digitsFaToEn } from '@persian-tools/persian-tools';

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits become ASCII; other characters are kept. */
export function toAsciiDigits(value: string): string {
  return digitsArToEn(digitsFaToEn(value));
}

/** ASCII digits shown as Persian digits (۰-۹); other characters are kept. */
export function toPersianDigits(value: string | number): string {
  return digitsEnToFa(String(value));
}

/** Arabic ي/ك/ى become Persian ی/ک, so the same name is stored and searched one way. */
export function toPersianLetters(value: string): string {
  return value.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
}

/**
 * A place name folded for search, so one town is found however it is typed: Persian letters,
 * hamza forms to their plain letter (ئ→ی, أ/إ/آ→ا, ؤ→و, ء dropped), ة→ه, no diacritics, no
 * spaces, ZWNJ or direction marks, lower case, and a leading «بندر» (port) dropped, so «بندر
 * کنگان», «بندرکنگان» and «کنگان» fold alike.
 */
export function foldPlaceName(value: string): string {
  return toPersianLetters(value.normalize('NFC'))
    .replace(/[\u064B-\u0652\u0670]/g, '')
    .replace(/ئ/g, 'ی')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/ء/g, '')
    .replace(/ة/g, 'ه')
    .replace(/(?:\s|\u200c|\u200d|\u200e|\u200f|\u00a0)/g, '')
    .toLowerCase()
    .replace(/^بندر(?=.)/, '');
}

/** C0 controls but tab and line breaks, and DEL: matching control characters is its whole job. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Free text as the manager meant it: Persian letters, trimmed, no control characters. */
export function normalizeText(value: string): string {
  return toPersianLetters(value).replace(CONTROL_CHARACTERS, '').trim();
}

/** What a code may carry between its digits (spaces, ZWNJ, dashes, dots, brackets): dropped. */
const CODE_SEPARATORS = String.raw`\s\u200c\-–—_.()`;
const CODE_SEPARATOR = new RegExp(`[${CODE_SEPARATORS}]`, 'g');
/** Digits as a person may type them: ASCII, Persian or Arabic-Indic. */
const ANY_DIGIT = '0-9۰-۹٠-٩';

/** A code typed with any digits, dashes or spaces (national code, mobile) as plain ASCII digits. */
export function normalizeDigitCode(value: string): string {
  return toAsciiDigits(value).replace(CODE_SEPARATOR, '');
}

/** Mobile number as stored: 11 ASCII digits starting 09 (a +98 / 0098 / 98 prefix is accepted). */
export function normalizeMobile(value: string): string {
  const digits = normalizeDigitCode(value).replace(/^\+/, '');
  if (/^0098\d{10}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^98\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

type NormalizeKind = 'text' | 'digits' | 'mobile' | 'none';

interface SchemaNode {
  type?: string | string[];
  format?: string;
  pattern?: string;
  description?: string;
  /** Declared in schemas/ (ajv-config.ts, NORMALIZE_KINDS); checked when the schema is compiled. */
  normalize?: NormalizeKind;
  properties?: Record<string, SchemaNode>;
}

const byKind: Record<NormalizeKind, (value: string) => string> = {
  text: normalizeText,
  digits: normalizeDigitCode,
  mobile: normalizeMobile,
  none: (value) => value,
};

/** The Iranian formats are codes by their nature; any other format (e-mail, …) is text unless declared. */
const byFormat: Record<string, NormalizeKind> = { 'ir-mobile': 'mobile', 'ir-national-code': 'digits' };

/**
 * Normalises a value by its (dereferenced) JSON Schema: a string as its field declares
 * (`"normalize"`, else by its Iranian format, else text); nested objects are walked. Nothing is
 * guessed from a pattern: a licence number asks for `"normalize": "digits"` itself. Unknown
 * properties are left for the validator to refuse.
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
  const kind = schema?.normalize ?? (schema?.format ? byFormat[schema.format] : undefined) ?? 'text';
  return (byKind[kind] ?? normalizeText)(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** What each code kind accepts before it is normalised, and what happens to it. */
const acceptedCode: Partial<Record<NormalizeKind, { pattern: string; says: string }>> = {
  digits: {
    pattern: `^[${ANY_DIGIT}${CODE_SEPARATORS}]+$`,
    says: 'ASCII, Persian or Arabic-Indic digits; spaces, dashes, dots and brackets are dropped',
  },
  mobile: {
    pattern: `^[+]?[${ANY_DIGIT}${CODE_SEPARATORS}]+$`,
    says: 'ASCII, Persian or Arabic-Indic digits; spaces, dashes, dots and brackets are dropped and a +98, 0098 or 98 prefix becomes 0',
  },
};

/**
 * The schema of what a client may send where `schema` is checked after normalizeBySchema (the
 * request body of the API document): a code field (national code, mobile) takes any digits and
 * separators, and says which rule its normalised value must then meet; every other field is as
 * declared. Derived, so the document follows schemas/ and this file's rules by itself.
 */
export function acceptedInputSchema<T extends object>(schema: T): T {
  const node = schema as SchemaNode & Record<string, unknown>;
  if (node.properties) {
    const properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, acceptedInputSchema(child)]),
    );
    return { ...node, properties } as T;
  }
  if (node.type !== 'string') return schema;
  const kind = node.normalize ?? (node.format ? byFormat[node.format] : undefined);
  const accepted = kind ? acceptedCode[kind] : undefined;
  if (!accepted) return schema;
  const { pattern, format, minLength: _min, maxLength: _max, ...rest } = node;
  const then = [pattern && `matches ${pattern}`, format && `is a valid ${format}`].filter(Boolean).join(' and ');
  return {
    ...rest,
    pattern: accepted.pattern,
    description: `${accepted.says}; the value must then be one that ${then || 'the field takes'}.`,
  } as T;
}
