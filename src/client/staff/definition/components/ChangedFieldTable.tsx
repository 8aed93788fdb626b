import { useId } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import type { FieldFigures } from '../changed-field-figures.js';

const t = faConsole.editor.publish;
const percent = new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 1 });
const rate = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : percent.format(value);

export interface ChangedFieldTableProps {
  figures?: FieldFigures[];
  live?: string;
  previous?: string;
  error?: string;
}

/** The changed fields' error and abandonment shares, the version before the live one beside the live one. */
export function ChangedFieldTable({ figures, live, previous, error }: ChangedFieldTableProps) {
  const headingId = useId();
  if (error)
    return (
      <p className="staff-error" role="alert">
        {error}
      </p>
    );
  if (!figures) return <p role="status">{t.figuresLoading}</p>;
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="definition-figures">
      <h3 id={headingId}>{t.figures}</h3>
      <p>
        {previous
          ? fill(t.figuresIntro, { live: live ?? '', previous })
          : fill(t.figuresIntroAlone, { live: live ?? '' })}
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t.figuresField}</th>
            {previous && <th scope="col">{t.figuresErrorsBefore}</th>}
            <th scope="col">{t.figuresErrorsLive}</th>
            {previous && <th scope="col">{t.figuresAbandonedBefore}</th>}
            <th scope="col">{t.figuresAbandonedLive}</th>
          </tr>
        </thead>
        <tbody>
          {figures.map((row) => (
            <tr key={`${row.step}/${row.field}`}>
              <th scope="row">
                {row.title} ({row.stepTitle})
              </th>
              {previous && <td data-label={t.figuresErrorsBefore}>{rate(row.previous?.errorShare)}</td>}
              <td data-label={t.figuresErrorsLive}>{rate(row.live.errorShare)}</td>
              {previous && <td data-label={t.figuresAbandonedBefore}>{rate(row.previous?.abandonedShare)}</td>}
              <td data-label={t.figuresAbandonedLive}>{rate(row.live.abandonedShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
