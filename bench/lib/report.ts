// Budgets and the written report (results.md) and console table.

export type Op = '<=' | '>=' | '=' | '>';

export interface Budget {
  section: string;
  what: string;
  value: number;
  limit: number;
  op: Op;
  unit: string;
  pass: boolean;
  /** How far from the limit, in the budget's unit: positive = headroom, negative = over. */
  margin: number;
}

export function budget(section: string, what: string, value: number, op: Op, limit: number, unit: string): Budget {
  const valid = Number.isFinite(value);
  const pass =
    valid &&
    (op === '<=' ? value <= limit : op === '>=' ? value >= limit : op === '>' ? value > limit : value === limit);
  const margin = !valid
    ? Number.NaN
    : op === '<='
      ? limit - value
      : op === '='
        ? Math.abs(value - limit)
        : value - limit;
  return { section, what, value, limit, op, unit, pass, margin: Math.round(margin * 1000) / 1000 };
}

export const mark = (pass: boolean) => (pass ? '✓' : '✗');

export function formatNumber(value: number | undefined, digits = 0): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function kb(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '—';
  return `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;
}

export function mb(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '—';
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

export function formatValue(value: number, unit: string): string {
  if (unit === 'B') return kb(value);
  if (unit === 'ratio') return `${formatNumber(value, 2)}×`;
  if (unit === 'ms') return `${formatNumber(value, 1)} ms`;
  if (unit === 'req/s') return `${formatNumber(value)} req/s`;
  if (unit === 'count') return formatNumber(value);
  if (unit === 'score') return formatNumber(value, 3);
  return `${formatNumber(value, 2)} ${unit}`.trim();
}

export function markdownTable(header: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) =>
    `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function consoleTable(header: string[], rows: Array<Array<string | number>>): string {
  const widths = header.map((cell, index) =>
    Math.max([...cell].length, ...rows.map((row) => [...String(row[index] ?? '')].length)),
  );
  const line = (cells: Array<string | number>) =>
    cells.map((cell, index) => String(cell).padEnd(widths[index])).join('  ');
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function budgetRows(budgets: Budget[]): string[][] {
  return budgets.map((entry) => [
    mark(entry.pass),
    entry.section,
    entry.what,
    formatValue(entry.value, entry.unit),
    `${entry.op} ${formatValue(entry.limit, entry.unit)}`,
    !Number.isFinite(entry.margin)
      ? '—'
      : entry.op === '='
        ? entry.margin === 0
          ? 'exact'
          : `off by ${formatValue(entry.margin, entry.unit)}`
        : `${entry.margin >= 0 ? '+' : ''}${formatValue(entry.margin, entry.unit)}`,
  ]);
}

export const budgetHeader = ['', 'section', 'budget', 'measured', 'limit', 'margin'];
