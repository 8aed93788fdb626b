import { useId } from 'react';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';

export interface SummaryItem {
  field: string;
  /** Id of the field's focusable element (the link's target). */
  id: string;
  message: string;
}

export interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  /** Moves focus to the field (links would only scroll). */
  onSelect: (field: string) => void;
}

/**
 * The list of what blocks the step, above the form (WCAG 3.3.1): announced as an alert, each entry
 * a link that takes focus to its field.
 */
export function ErrorSummary({ items, onSelect }: ErrorSummaryProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="error-summary__title">
        {fa.ui.form.errorSummaryTitle}
      </h2>
      <p className="visually-hidden">{fill(fa.ui.form.errorSummaryCount, { count: items.length })}</p>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.field}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(item.field);
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
