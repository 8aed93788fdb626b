/**
 * What the screen shows, as rows of text: the tables beside the charts and the CSV are made from
 * the same rows, so the file holds exactly the numbers on screen.
 */
import type {
  InsightsAnswer,
  RateComparison,
  StepInsight,
  VersionInsights,
} from '../../../shared/contracts/insights.schemas.js';
import { TIME_BUCKETS } from '../../../shared/insights/stats.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { fill } from '../../../shared/text/persian.js';
import { formatCount } from '../ui/format.js';

const t = faConsole.insights;
const percent = new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 1 });
const points = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const formatRate = (rate: number | null): string => (rate === null ? '—' : percent.format(rate));

/** A difference of rates in percentage points, signed (+۳٫۵). */
export const formatPoints = (value: number | null): string => (value === null ? '—' : points.format(value * 100));

export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const last = TIME_BUCKETS[TIME_BUCKETS.length - 1];
  if (seconds >= last) return fill(t.longer, { count: last });
  return fill(t.seconds, { count: Math.round(seconds) });
}

export interface Table {
  title: string;
  head: string[];
  rows: string[][];
}

export function stepTable(insights: VersionInsights): Table {
  return {
    title: `${t.steps} — ${insights.version}`,
    head: [t.step, t.reached, t.completed, t.completionRate, t.medianTime],
    rows: insights.steps.map((step: StepInsight) => [
      step.title,
      formatCount(step.reached),
      formatCount(step.completed),
      formatRate(step.completionRate),
      formatSeconds(step.medianSeconds),
    ]),
  };
}

export function fieldTable(insights: VersionInsights): Table {
  const stepTitle = (id: string) => insights.steps.find((step) => step.step === id)?.title ?? id;
  return {
    title: `${t.fields} — ${insights.version}`,
    head: [t.field, t.step, t.touched, t.errors, t.corrected, t.refused, t.abandoned],
    rows: insights.fields.map((field) => [
      field.title,
      stepTitle(field.step),
      formatCount(field.touched),
      field.rules.length === 0
        ? t.noErrors
        : field.rules
            .map((rule) => `${rule.message} (${rule.rule}): ${formatCount(rule.count)} (${formatRate(rule.share)})`)
            .join('؛ '),
      formatCount(field.corrected),
      formatCount(field.refused),
      `${formatCount(field.abandoned)} (${formatRate(field.abandonedShare)})`,
    ]),
  };
}

function comparisonRow(label: string, first: number | null, second: number | null, compared: RateComparison) {
  const interval =
    compared.low === null || compared.high === null
      ? '—'
      : `${formatPoints(compared.low)} … ${formatPoints(compared.high)}`;
  return [
    label,
    formatRate(first),
    formatRate(second),
    formatPoints(compared.difference),
    interval,
    t.verdicts[compared.verdict],
  ];
}

/** Each rate of both versions with the difference, its interval and what can be said of it. */
export function comparisonTable(answer: InsightsAnswer): Table | undefined {
  const { first, second, comparison } = answer;
  if (!second || !comparison) return undefined;
  const rows: string[][] = [];
  for (const compared of comparison.steps) {
    const a = first.steps.find((step) => step.step === compared.step);
    const b = second.steps.find((step) => step.step === compared.step);
    const label = fill(t.completionOf, { step: a?.title ?? compared.step });
    rows.push(comparisonRow(label, a?.completionRate ?? null, b?.completionRate ?? null, compared.completionRate));
  }
  for (const compared of comparison.fields) {
    const a = first.fields.find((field) => field.step === compared.step && field.field === compared.field);
    const b = second.fields.find((field) => field.step === compared.step && field.field === compared.field);
    const title = a?.title ?? compared.field;
    for (const rule of compared.rules) {
      const ruleOf = (insight: typeof a) => insight?.rules.find((entry) => entry.rule === rule.rule);
      const message = ruleOf(a)?.message ?? ruleOf(b)?.message ?? rule.rule;
      const label = fill(t.errorOf, { field: title, message });
      rows.push(comparisonRow(label, ruleOf(a)?.share ?? 0, ruleOf(b)?.share ?? 0, rule.share));
    }
    const label = fill(t.abandonedOf, { field: title });
    rows.push(comparisonRow(label, a?.abandonedShare ?? null, b?.abandonedShare ?? null, compared.abandonedShare));
  }
  return {
    title: `${t.comparison}: ${first.version} → ${second.version}`,
    head: [t.measure, first.version, second.version, t.difference, t.interval, t.verdict],
    rows,
  };
}

/** Every table shown. */
export function shownTables(answer: InsightsAnswer): Table[] {
  const tables = [stepTable(answer.first), fieldTable(answer.first)];
  if (answer.second) tables.push(stepTable(answer.second), fieldTable(answer.second));
  const compared = comparisonTable(answer);
  if (compared) tables.push(compared);
  return tables;
}

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The tables as one CSV file (UTF-8 with its mark, so a spreadsheet reads the Persian right). */
export function csvOf(tables: readonly Table[]): string {
  const lines: string[] = [];
  for (const table of tables) {
    lines.push(cell(table.title), table.head.map(cell).join(','));
    for (const row of table.rows) lines.push(row.map(cell).join(','));
    lines.push('');
  }
  return `\uFEFF${lines.join('\r\n')}`;
}
