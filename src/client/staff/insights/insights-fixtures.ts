/** Answers of «رفتار فرم» for the stories and tests: one version, two compared, too few visits, nothing. */
import type { InsightsAnswer, VersionInsights } from '../../../shared/contracts/insights.schemas.js';
import { compareRates } from '../../../shared/insights/stats.js';

const FIRST = '3f9c2a1b0d';
const SECOND = '7e41b09c2a';

/** A version's numbers for `visits` managers, the share of them that the form loses scaled by `loss`. */
function versionOf(version: string, visits: number, loss: number): VersionInsights {
  const at = (share: number) => Math.round(visits * share);
  const reached = [visits, at(0.92), at(0.8), at(0.7), at(0.55)];
  const titles = ['ثبت‌نام اولیه', 'اطلاعات داروخانه', 'موقعیت داروخانه', 'اطلاعات مؤسسه', 'نتیجه ثبت‌نام'];
  const ids = ['welcome', 'pharmacy-info', 'location', 'manager', 'enter'];
  return {
    version,
    visits,
    registered: reached[4],
    steps: ids.map((step, index) => ({
      step,
      title: titles[index],
      reached: reached[index],
      completed: index < 4 ? reached[index + 1] : 0,
      completionRate: index < 4 && reached[index] > 0 ? reached[index + 1] / reached[index] : null,
      medianSeconds: index < 4 ? [6, 41, 58, 96][index] : null,
    })),
    fields: [
      {
        step: 'location',
        field: 'address',
        title: 'آدرس',
        touched: at(0.78),
        rules: [
          {
            rule: 'minLength',
            message: 'آدرس را کامل‌تر بنویسید.',
            count: at(0.1 * loss),
            share: (0.1 * loss * visits) / reached[2],
          },
        ],
        corrected: at(0.08 * loss),
        refused: 0,
        abandoned: at(0.06 * loss),
        abandonedShare: at(0.06 * loss) / reached[2],
      },
      {
        step: 'manager',
        field: 'nationalCode',
        title: 'کد ملی',
        touched: at(0.68),
        rules: [
          {
            rule: 'ir-national-code',
            message: 'این کد ملی معتبر نیست؛ لطفاً دوباره بررسی کنید.',
            count: at(0.2 * loss),
            share: at(0.2 * loss) / reached[3],
          },
        ],
        corrected: at(0.17 * loss),
        refused: 0,
        abandoned: at(0.04 * loss),
        abandonedShare: at(0.04 * loss) / reached[3],
      },
      {
        step: 'manager',
        field: 'mobileNumber',
        title: 'شماره همراه',
        touched: at(0.66),
        rules: [
          { rule: 'required', message: 'لطفاً شماره همراه را بنویسید.', count: at(0.05), share: at(0.05) / reached[3] },
        ],
        corrected: at(0.05),
        refused: at(0.01),
        abandoned: 0,
        abandonedShare: 0,
      },
    ],
  };
}

function compared(first: VersionInsights, second: VersionInsights): InsightsAnswer {
  const reachedOf = (insights: VersionInsights, step: string) =>
    insights.steps.find((entry) => entry.step === step)?.reached ?? 0;
  return {
    versions: [FIRST, SECOND],
    first,
    second,
    comparison: {
      steps: first.steps.map((step, index) => ({
        step: step.step,
        completionRate: compareRates(
          { count: step.completed, total: step.reached },
          { count: second.steps[index].completed, total: second.steps[index].reached },
        ),
      })),
      fields: first.fields.map((field, index) => {
        const other = second.fields[index];
        const [total1, total2] = [reachedOf(first, field.step), reachedOf(second, field.step)];
        return {
          step: field.step,
          field: field.field,
          rules: field.rules.map((rule, ruleIndex) => ({
            rule: rule.rule,
            share: compareRates(
              { count: rule.count, total: total1 },
              { count: other.rules[ruleIndex].count, total: total2 },
            ),
          })),
          abandonedShare: compareRates(
            { count: field.abandoned, total: total1 },
            { count: other.abandoned, total: total2 },
          ),
        };
      }),
    },
    refused: {},
  };
}

export const oneVersion: InsightsAnswer = {
  versions: [FIRST],
  first: versionOf(FIRST, 400, 1),
  second: null,
  comparison: null,
  refused: { unknown_name: 2 },
};

export const twoVersionsCompared: InsightsAnswer = compared(versionOf(FIRST, 400, 1), versionOf(SECOND, 420, 0.4));

/** Eight and nine managers: no difference can be claimed. */
export const tooFewToSay: InsightsAnswer = compared(versionOf(FIRST, 8, 1), versionOf(SECOND, 9, 0.4));

export const nothingCounted: InsightsAnswer = {
  versions: [],
  first: { version: FIRST, visits: 0, registered: 0, steps: [], fields: [] },
  second: null,
  comparison: null,
  refused: {},
};

export const fixtureVersions = { first: FIRST, second: SECOND };
