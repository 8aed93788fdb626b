import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Captcha } from '../../shared/contracts/wizard-api.schemas.js';
import type { Database } from '../db/tables.js';
import type { GroupCommit } from '../db/group-commit.js';
import { arithmeticQuestion } from './arithmetic.js';
import type { BankQuestion, QuestionBank } from './bank.js';
import { insertCaptchas, spendCaptcha, type CaptchaRow } from './captcha.repository.js';
import { coalesce } from '../db/coalesce.js';

export const CAPTCHA_LIFETIME_MS = 5 * 60_000;

export interface CaptchaService {
  issue(session: string): Promise<Captcha>;
  /** Spends the captcha (right or wrong) and says whether it was answered right, in time, by its session. */
  check(db: Kysely<Database>, answer: { id?: string; index: number; session: string }): Promise<boolean>;
}

export function createCaptchaService(bank: QuestionBank, writes: GroupCommit, clock: () => number): CaptchaService {
  const store = coalesce((rows: CaptchaRow[]) => writes.submit((db) => insertCaptchas(db, rows)));
  return {
    async issue(session) {
      const { question, options, answer } = shuffled(pick(bank));
      const id = randomBytes(16).toString('base64url');
      const now = clock();
      await store({ id, session, answer, created_at: now, expires_at: now + CAPTCHA_LIFETIME_MS, spent_at: null });
      return { id, question, options };
    },
    async check(db, { id, index, session }) {
      if (!id) return false;
      const now = clock();
      const row = await spendCaptcha(db, id, now);
      return row !== undefined && row.session === session && row.expires_at > now && row.answer === index;
    },
  };
}

function pick(bank: QuestionBank): BankQuestion {
  const useGenerator = bank.generators.length > 0 && randomInt(2) === 0;
  return useGenerator ? arithmeticQuestion() : bank.questions[randomInt(bank.questions.length)];
}

/** Fisher-Yates with a CSPRNG, carrying the right answer's new position along. */
function shuffled(question: BankQuestion): BankQuestion {
  const order = question.options.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return {
    question: question.question,
    options: order.map((index) => question.options[index]),
    answer: order.indexOf(question.answer),
  };
}
