import { useState, type FormEvent, type ReactNode } from 'react';
import type { FunnelAnswer, FunnelRow } from '../../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { dayKeyOf, submittedDayRangeForm, type DayRangeErrors } from '../../ui/day-range.js';
import { formatCount, formatDay, formText } from '../../ui/format.js';
import { JalaliDayInput } from '../../ui/components/JalaliDayInput.js';

/** The funnel's filter as the address keeps it: Jalali days (1405-09-03) and a version; empty means "any". */
export interface FunnelFilter {
  from: string;
  to: string;
  version: string;
}

export interface FunnelViewProps {
  answer: FunnelAnswer | undefined;
  filter: FunnelFilter;
  /** What failed, shown under the filter (the screen's QueryError). */
  error?: ReactNode;
  onFilter: (filter: FunnelFilter) => void;
}

interface Bar {
  label: string;
  count: number;
}

const BAR_HEIGHT = 24;
const GAP = 8;
const LABEL_WIDTH = 180;
const CHART_WIDTH = 560;

/** The step numbers any row has reached, in order: the columns of the table and bars of the chart. */
function stepsOf(rows: FunnelRow[]): number[] {
  const steps = new Set<number>();
  for (const row of rows) for (const step of Object.keys(row.steps)) steps.add(Number(step));
  return [...steps].sort((a, b) => a - b);
}

function totals(rows: FunnelRow[], steps: number[]): Bar[] {
  const sum = (pick: (row: FunnelRow) => number): number => rows.reduce((total, row) => total + pick(row), 0);
  return [
    { label: faConsole.staff.visits, count: sum((row) => row.visits) },
    ...steps.map((step) => ({
      label: `${faConsole.staff.stepReached} ${formatCount(step)}`,
      count: sum((row) => row.steps[String(step)] ?? 0),
    })),
    { label: faConsole.staff.registrations, count: sum((row) => row.registrations) },
  ];
}

/** Horizontal bars of the period's totals; the numbers are also in the aria-label and in the table below. */
export function FunnelChart({ bars }: { bars: Bar[] }) {
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const height = bars.length * (BAR_HEIGHT + GAP);
  const label = `${faConsole.staff.funnelChart}: ${bars.map((bar) => `${bar.label} ${formatCount(bar.count)}`).join(faConsole.staff.listSeparator)}`;
  return (
    <svg
      className="staff-funnel-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      width="100%"
    >
      {bars.map((bar, index) => {
        const y = index * (BAR_HEIGHT + GAP);
        const width = ((CHART_WIDTH - LABEL_WIDTH - 60) * bar.count) / most;
        return (
          <g key={bar.label} aria-hidden="true">
            <text x={CHART_WIDTH} y={y + BAR_HEIGHT * 0.7} textAnchor="start">
              {bar.label}
            </text>
            <rect x={CHART_WIDTH - LABEL_WIDTH - width} y={y} width={width} height={BAR_HEIGHT} rx={3} />
            <text x={CHART_WIDTH - LABEL_WIDTH - width - 6} y={y + BAR_HEIGHT * 0.7} textAnchor="start">
              {formatCount(bar.count)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const percent = new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 1 });

/** The funnel per day and plan: how many reached each step, and the share that registered. */
function FunnelTable({ rows, steps }: { rows: FunnelRow[]; steps: number[] }) {
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{faConsole.staff.day}</th>
          <th scope="col">{faConsole.staff.plan}</th>
          <th scope="col">{faConsole.staff.visits}</th>
          {steps.map((step) => (
            <th scope="col" key={step}>{`${faConsole.staff.stepReached} ${formatCount(step)}`}</th>
          ))}
          <th scope="col">{faConsole.staff.registrations}</th>
          <th scope="col">{faConsole.staff.conversion}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.day}|${row.tier}`}>
            <td data-label={faConsole.staff.day}>{formatDay(row.day)}</td>
            <td data-label={faConsole.staff.plan}>{formatCount(row.tier)}</td>
            <td data-label={faConsole.staff.visits}>{formatCount(row.visits)}</td>
            {steps.map((step) => (
              <td key={step} data-label={`${faConsole.staff.stepReached} ${formatCount(step)}`}>
                {formatCount(row.steps[String(step)] ?? 0)}
              </td>
            ))}
            <td data-label={faConsole.staff.registrations}>{formatCount(row.registrations)}</td>
            <td data-label={faConsole.staff.conversion}>
              {row.conversion === null ? '—' : percent.format(row.conversion)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The registration funnel: filter by days and definition version, a chart of the totals and the table per day and plan. */
export function FunnelView({ answer, filter, error, onFilter }: FunnelViewProps) {
  const [dayErrors, setDayErrors] = useState<DayRangeErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const data = submittedDayRangeForm(event, setDayErrors);
    if (!data) return;
    onFilter({
      from: dayKeyOf(formText(data, 'from')),
      to: dayKeyOf(formText(data, 'to')),
      version: formText(data, 'version'),
    });
  };
  const rows = answer?.rows ?? [];
  const steps = stepsOf(rows);
  return (
    <section className="staff-card staff-funnel" aria-labelledby="funnel-heading">
      <h1 id="funnel-heading">{faConsole.staff.funnel}</h1>
      {/* The key resets the fields when the address changes (Back). */}
      <form key={JSON.stringify(filter)} className="staff-filters" onSubmit={submit} noValidate>
        <JalaliDayInput
          name="from"
          label={faConsole.staff.funnelFrom}
          defaultValue={filter.from}
          error={dayErrors.from}
        />
        <JalaliDayInput name="to" label={faConsole.staff.funnelTo} defaultValue={filter.to} error={dayErrors.to} />
        <label>
          {faConsole.staff.funnelVersion}
          <select name="version" defaultValue={filter.version}>
            <option value="">{faConsole.staff.allVersions}</option>
            {(answer?.versions ?? []).map((version) => (
              <option key={version} value={version} dir="ltr">
                {version}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="staff-primary">
          {faConsole.staff.funnelShow}
        </button>
      </form>
      {error}
      {answer && rows.length === 0 && <p className="staff-empty">{faConsole.staff.funnelEmpty}</p>}
      {rows.length > 0 && (
        <>
          <FunnelChart bars={totals(rows, steps)} />
          <FunnelTable rows={rows} steps={steps} />
        </>
      )}
    </section>
  );
}
