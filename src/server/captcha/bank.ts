import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';

export interface BankQuestion {
  question: string;
  options: string[];
  /** Index of the right option before shuffling. */
  answer: number;
}

export type GeneratorName = 'arithmetic';

export interface QuestionBank {
  questions: BankQuestion[];
  generators: GeneratorName[];
}

export class BankError extends Error {}

const bankSchema = {
  type: 'object',
  required: ['questions'],
  properties: {
    $schema: { type: 'string' },
    questions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['question', 'options', 'answer'],
        additionalProperties: false,
        properties: {
          question: { type: 'string', minLength: 1, maxLength: 300 },
          options: {
            type: 'array',
            minItems: 3,
            maxItems: 4,
            uniqueItems: true,
            items: { type: 'string', minLength: 1, maxLength: 100 },
          },
          answer: { type: 'integer', minimum: 0, maximum: 3 },
        },
      },
    },
    generators: { type: 'array', uniqueItems: true, items: { enum: ['arithmetic'] } },
  },
  additionalProperties: false,
};

const checkBank = new Ajv({ allErrors: false }).compile<{ questions: BankQuestion[]; generators?: GeneratorName[] }>(
  bankSchema,
);

/**
 * Reads a bank file ({ questions: [{ question, options (3 or 4), answer }] }, optionally
 * "generators": ["arithmetic"] to mix in questions made up on the spot). Throws a plain sentence.
 */
export function loadBank(file: string): QuestionBank {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new BankError(`The captcha question bank ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  if (!checkBank(data)) {
    const error = checkBank.errors?.[0];
    throw new BankError(
      `The captcha question bank ${file} is not valid at ${error?.instancePath || '/'}: ${error?.message ?? 'unknown problem'}. ` +
        'Expected { "questions": [ { "question": "…", "options": ["…", "…", "…"], "answer": 0 } ] }.',
    );
  }
  const wrong = data.questions.findIndex((question) => question.answer >= question.options.length);
  if (wrong >= 0)
    throw new BankError(
      `The captcha question bank ${file}: questions[${wrong}].answer must be the index of one of its options.`,
    );
  return { questions: data.questions, generators: data.generators ?? [] };
}
