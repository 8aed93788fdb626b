/**
 * Answers a captcha "the normal way": the suite starts every server with its own plain question bank
 * (fixtures/captcha-bank.json, the bank format of docs/configuration.md, CAPTCHA_QUESTIONS_FILE), so a client finds the right
 * option by its text, whatever order the server shuffled the options into. Arithmetic questions (a
 * generated kind a server may add to any bank) are computed.
 */
import { readFileSync } from 'node:fs';
import { captchaBankFile } from './env.js';

export interface CaptchaShape {
  id: string;
  question: string;
  options: string[];
}

interface BankEntry {
  question: string;
  options: string[];
  answer: number;
}

export const captchaBank: BankEntry[] = (
  JSON.parse(readFileSync(captchaBankFile, 'utf8')) as { questions: BankEntry[] }
).questions;

const answerByQuestion = new Map(captchaBank.map((entry) => [entry.question, entry.options[entry.answer]]));

/** Every right-answer text of the bank (the log check looks for them). */
export const bankAnswerTexts = captchaBank.map((entry) => entry.options[entry.answer]);

const toAscii = (text: string): string =>
  text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

function arithmetic(question: string): number | undefined {
  const ascii = toAscii(question).replace(/[×x]/g, '*').replace(/[÷]/g, '/').replace(/[−–]/g, '-');
  const match = /(\d+)\s*([-+*/])\s*(\d+)/.exec(ascii);
  if (!match) return undefined;
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  if (op === '+') return a + b;
  if (op === '-') return a - b;
  if (op === '*') return a * b;
  return b === 0 ? undefined : a / b;
}

/** The index of the right option, or throws when the question is not one this suite can answer. */
export function solveCaptcha(captcha: CaptchaShape): number {
  const text = answerByQuestion.get(captcha.question);
  if (text !== undefined) {
    const index = captcha.options.indexOf(text);
    if (index < 0)
      throw new Error(
        `captcha ${captcha.id}: the right option «${text}» is not among ${JSON.stringify(captcha.options)}`,
      );
    return index;
  }
  const value = arithmetic(captcha.question);
  if (value !== undefined) {
    const index = captcha.options.findIndex((option) => Number(toAscii(option).trim()) === value);
    if (index >= 0) return index;
  }
  throw new Error(
    `captcha ${captcha.id}: unknown question «${captcha.question}» (is CAPTCHA_QUESTIONS_FILE the suite's bank?)`,
  );
}

/** A wrong option on purpose. */
export function wrongAnswer(captcha: CaptchaShape): number {
  const right = solveCaptcha(captcha);
  return (right + 1) % captcha.options.length;
}
