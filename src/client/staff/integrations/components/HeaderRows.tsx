import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { MAX_WEBHOOK_HEADERS } from '../../../../shared/contracts/integrations.js';
import { faDigits, fill } from '../../../../shared/text/persian.js';

const copy = faConsole.integrations.webhooks;

export interface HeaderRow {
  name: string;
  value: string;
}

export interface HeaderRowsProps {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  /** The id the error summary's link focuses (the first name, or «افزودن سربرگ» when there is none). */
  firstId: string;
}

/** Up to MAX_WEBHOOK_HEADERS name/value pairs for the receiver's gateway. */
export function HeaderRows({ rows, onChange, firstId }: HeaderRowsProps) {
  const change = (index: number, part: Partial<HeaderRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...part } : row)));
  return (
    <>
      {rows.map((row, index) => {
        const n = faDigits(String(index + 1));
        return (
          <div className="staff-header-row" key={index}>
            <label>
              {fill(copy.headerName, { n })}
              <input
                id={index === 0 ? firstId : undefined}
                value={row.name}
                dir="ltr"
                autoComplete="off"
                onChange={(event) => change(index, { name: event.target.value })}
              />
            </label>
            <label>
              {fill(copy.headerValue, { n })}
              <input
                value={row.value}
                dir="ltr"
                autoComplete="off"
                onChange={(event) => change(index, { value: event.target.value })}
              />
            </label>
            <button type="button" className="staff-link" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              {fill(copy.removeHeader, { n })}
            </button>
          </div>
        );
      })}
      {rows.length < MAX_WEBHOOK_HEADERS && (
        <button
          id={rows.length === 0 ? firstId : undefined}
          type="button"
          className="staff-link"
          onClick={() => onChange([...rows, { name: '', value: '' }])}
        >
          {copy.addHeader}
        </button>
      )}
    </>
  );
}
