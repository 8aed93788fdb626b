/**
 * Digit masks such as `9999-999-9999`: every `9` is a digit slot, every other character a literal
 * shown between digits. Pure functions, so the caret rules are tested without a DOM.
 */
import { normalizeMobile, toAsciiDigits } from '../../src/shared/text/normalize.js';

/** Number of digit slots of a mask. */
export function digitSlots(mask: string): number {
  return [...mask].filter((char) => char === '9').length;
}

/** The ASCII digits of anything typed or pasted (Persian and Arabic-Indic digits included). */
export function digitsOf(raw: string): string {
  return toAsciiDigits(raw).replace(/\D/g, '');
}

/**
 * Digits placed into the mask. A literal is written only when a digit follows it, so deleting
 * the digit after a dash also removes the dash and Backspace never gets stuck on it.
 */
export function formatMasked(digits: string, mask: string): string {
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '9') {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** Caret position in a formatted text just after its `count`-th digit. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(toAsciiDigits(formatted[index]))) {
      seen += 1;
      if (seen === count) return index + 1;
    }
  }
  return formatted.length;
}

/** How many digits stand before `position` in a raw text. */
export function digitsBefore(raw: string, position: number): number {
  return digitsOf(raw.slice(0, position)).length;
}

/**
 * The digits of a mobile number as typed or pasted: a country prefix (+98, 0098, 98 before ten
 * digits) becomes the leading 0, and ten digits starting 9 get their 0.
 */
export function mobileDigits(raw: string): string {
  const digits = digitsOf(raw);
  const international = /^\s*(\+|00)/.test(toAsciiDigits(raw)) || digits.length > 11;
  if (international || (digits.length === 10 && digits.startsWith('9'))) {
    return normalizeMobile(digits);
  }
  return digits;
}

export interface MaskedEdit {
  /** ASCII digits, at most the mask's slots: the widget's value. */
  digits: string;
  /** What the input shows (ASCII digits; the widget may show them in Persian). */
  formatted: string;
  /** Where the caret goes in `formatted`. */
  caret: number;
}

/**
 * One edit of a masked input: the raw text the browser produced and the caret in it, turned into
 * the digits, the formatted text and a caret that stays after the same digit it followed.
 */
export function applyMaskedEdit(
  raw: string,
  caret: number,
  mask: string,
  toDigits: (raw: string) => string = digitsOf,
): MaskedEdit {
  const slots = digitSlots(mask);
  const plain = digitsOf(raw);
  const digits = toDigits(raw).slice(0, slots);
  // A prefix rewrite (+98 -> 0) shifts every digit; keep the caret's distance from the end.
  const shift = toDigits(raw).length - plain.length;
  const before = Math.min(Math.max(digitsBefore(raw, caret) + shift, 0), digits.length);
  const formatted = formatMasked(digits, mask);
  return { digits, formatted, caret: caretAfterDigits(formatted, before) };
}
