import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { InsightsAnswer, VersionInsights } from '../../../../shared/contracts/insights.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { dayKeyOf, submittedDayRangeForm, type DayRangeErrors } from '../../ui/day-range.js';
import { formatCount, formText } from '../../ui/format.js';
import { JalaliDayInput } from '../../ui/components/JalaliDayInput.js';
import { comparisonTable, csvOf, fieldTable, shownTables, stepTable } from '../insights-table.js';
import { BarChart } from './BarChart.js';
import { DataTable } from './DataTable.js';

const t = faConsole.insights;

/** The screen's filter as the address keeps it: versions, and Jalali days; empty means the live version, no comparison, any day. */
export interface InsightsFilter {
  version: string;
  compare: string;
  from: string;
  to: string;
}

export interface InsightsViewProps {
  answer: InsightsAnswer | undefined;
  filter: InsightsFilter;
  error?: ReactNode;
  onFilter: (filter: InsightsFilter) => void;
}

function VersionSelect({
  name,
  label,
  versions,
  value,
  none,
}: {
  name: string;
  label: string;
  versions: string[];
  value: string;
  none: string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        <option value="">{none}</option>
        {versions.map((version) => (
          <option key={version} value={version} dir="ltr">
            {version}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({ answer, filter, onFilter }: Omit<InsightsViewProps, 'error'>) {
  const [dayErrors, setDayErrors] = useState<DayRangeErrors>({});
  const versions = answer?.versions ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const data = submittedDayRangeForm(event, setDayErrors);
    if (!data) return;
    onFilter({
      version: formText(data, 'version'),
      compare: formText(data, 'compare'),
      from: dayKeyOf(formText(data, 'from')),
      to: dayKeyOf(formText(data, 'to')),
    });
  };
  return (
    // The key resets the fields when the address changes (Back) and once the versions are in.
    <form key={JSON.stringify([filter, versions])} className="staff-filters" onSubmit={submit} noValidate>
      <VersionSelect name="version" label={t.version} versions={versions} value={filter.version} none={t.liveVersion} />
      <VersionSelect name="compare" label={t.compare} versions={versions} value={filter.compare} none={t.noCompare} />
      <JalaliDayInput name="from" label={t.from} defaultValue={filter.from} error={dayErrors.from} />
      <JalaliDayInput name="to" label={t.to} defaultValue={filter.to} error={dayErrors.to} />
      <button type="submit" className="staff-primary">
        {t.show}
      </button>
    </form>
  );
}

/** One version: its totals, the step funnel and the per-field losses, each chart with its table beside. */
function VersionSection({ insights }: { insights: VersionInsights }) {
  const id = useId();
  const steps = stepTable(insights);
  const fields = fieldTable(insights);
  return (
    <section className="staff-insights-version" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {t.version} <span dir="ltr">{insights.version}</span>
      </h2>
      <p>
        {t.visits}: {formatCount(insights.visits)} — {t.registered}: {formatCount(insights.registered)}
      </p>
      <div className="staff-insights-pair">
        <BarChart
          title={t.funnelChart}
          summary={t.funnelChartSummary}
          tableId={`${id}-steps`}
          bars={insights.steps.map((step) => ({ label: step.title, count: step.reached }))}
        />
        <DataTable table={steps} id={`${id}-steps`} />
      </div>
      <div className="staff-insights-pair">
        <BarChart
          title={t.lossChart}
          summary={t.lossChartSummary}
          tableId={`${id}-fields`}
          bars={insights.fields
            .filter((field) => field.abandoned > 0)
            .map((field) => ({ label: field.title, count: field.abandoned }))}
        />
        <DataTable table={fields} id={`${id}-fields`} />
      </div>
    </section>
  );
}

function isEmpty(insights: VersionInsights): boolean {
  return insights.steps.every((step) => step.reached === 0) && insights.fields.every((field) => field.touched === 0);
}

function CsvLink({ answer }: { answer: InsightsAnswer }) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(csvOf(shownTables(answer)))}`;
  const name = `${t.csvName}-${answer.first.version}${answer.second ? `-${answer.second.version}` : ''}.csv`;
  return (
    <a className="staff-secondary" href={href} download={name}>
      {t.csv}
    </a>
  );
}

/** «رفتار فرم»: per version, what each step and field did; two versions side by side with their differences. */
export function InsightsView({ answer, filter, error, onFilter }: InsightsViewProps) {
  const compared = answer ? comparisonTable(answer) : undefined;
  const refused = answer ? Object.values(answer.refused).reduce((sum, count) => sum + (count ?? 0), 0) : 0;
  const empty = answer !== undefined && isEmpty(answer.first) && (!answer.second || isEmpty(answer.second));
  return (
    <section className="staff-card staff-insights" aria-labelledby="insights-heading">
      <h1 id="insights-heading">{t.title}</h1>
      <p>{t.intro}</p>
      <Filters answer={answer} filter={filter} onFilter={onFilter} />
      {error}
      {empty && <p className="staff-empty">{t.empty}</p>}
      {answer && !empty && (
        <>
          <p>
            <CsvLink answer={answer} />
          </p>
          {compared && (
            <section aria-labelledby="insights-comparison">
              <h2 id="insights-comparison">{t.comparison}</h2>
              <p>{t.comparisonIntro}</p>
              <DataTable table={compared} />
            </section>
          )}
          <VersionSection insights={answer.first} />
          {answer.second && <VersionSection insights={answer.second} />}
          {refused > 0 && <p className="staff-muted">{fill(t.refusedBatches, { count: refused })}</p>}
        </>
      )}
    </section>
  );
}
