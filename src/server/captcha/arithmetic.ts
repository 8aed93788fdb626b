import { randomInt } from 'node:crypto';
import type { BankQuestion } from './bank.js';

const ones = ['صفر', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه', 'ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده', 'بیست'];
const faDigits = '۰۱۲۳۴۵۶۷۸۹';

/** A number the way it is written in a Persian sentence (0-20: the operands). */
export function persianWord(value: number): string {
  return ones[value] ?? toPersianDigits(value);
}

export function toPersianDigits(value: number): string {
  return String(value).replace(/[0-9]/g, (digit) => faDigits[Number(digit)]);
}

/**
 * A question made up on the spot: two operands in words, the answer among four numbers. Random
 * operands mean a list of harvested answers is worthless.
 */
export function arithmeticQuestion(): BankQuestion {
  const kind = randomInt(3);
  const a = randomInt(2, 21);
  const b = randomInt(1, kind === 2 ? 10 : 21);
  const [left, right, result, verb] =
    kind === 0 ? [a, b, a + b, 'به‌علاوه'] : kind === 1 ? [Math.max(a, b), Math.min(a, b), Math.abs(a - b), 'منهای'] : [a % 10 || 2, b, (a % 10 || 2) * b, 'ضرب در'];
  const options = distractors(result).map(toPersianDigits);
  return { question: `حاصل «${persianWord(left)} ${verb} ${persianWord(right)}» چند می‌شود؟`, options, answer: 0 };
}

/** The result first, then three different nearby non-negative numbers. */
function distractors(result: number): number[] {
  const values = new Set([result]);
  while (values.size < 4) {
    const candidate = result + (randomInt(2) === 0 ? -1 : 1) * randomInt(1, 6);
    if (candidate >= 0) values.add(candidate);
  }
  return [...values];
}
