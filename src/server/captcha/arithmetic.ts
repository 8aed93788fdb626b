import { randomInt } from 'node:crypto';
import { digitsEnToFa, numberToWords } from '@persian-tools/persian-tools';
import { fa } from '../../shared/text/strings.fa.js';
import type { BankQuestion } from './bank.js';

/**
 * A question made up on the spot: two operands in words, the answer among four numbers. Random
 * operands mean a list of harvested answers is worthless.
 */
export function arithmeticQuestion(): BankQuestion {
  const kind = randomInt(3);
  const a = randomInt(2, 21);
  const b = randomInt(1, kind === 2 ? 10 : 21);
  const [left, right, result, operation] =
    kind === 0
      ? [a, b, a + b, fa.captcha.plus]
      : kind === 1
        ? [Math.max(a, b), Math.min(a, b), Math.abs(a - b), fa.captcha.minus]
        : [a % 10 || 2, b, (a % 10 || 2) * b, fa.captcha.times];
  const question = fa.captcha.arithmeticQuestion
    .replace('{left}', String(numberToWords(left)))
    .replace('{operation}', operation)
    .replace('{right}', String(numberToWords(right)));
  return { question, options: distractors(result).map((value) => digitsEnToFa(String(value))), answer: 0 };
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
