import { forwardRef, useId } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import type { FieldProblem } from './form-errors.js';

export interface FieldErrorSummaryProps {
  problems: readonly FieldProblem[];
  /** The id of a field's focusable element. */
  idOf: (field: string) => string;
}

/**
 * What the server refused, above the form (GOV.UK's error summary): announced, focused when it
 * appears, each line a link that moves focus to its field.
 */
export const FieldErrorSummary = forwardRef<HTMLDivElement, FieldErrorSummaryProps>(function FieldErrorSummary(
  { problems, idOf },
  ref,
) {
  const headingId = useId();
  if (problems.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId} className="error-summary__title">
        {faConsole.integrations.errorSummary}
      </h3>
      <ul className="error-summary__list">
        {problems.map((problem) => (
          <li key={problem.field}>
            <a
              href={`#${idOf(problem.field)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(idOf(problem.field))?.focus();
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
