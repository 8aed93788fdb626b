import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';

/** What one call of a screen failed with, in the server's Persian words, and a way to try again. */
export function QueryError({ error, onRetry }: { error: Error | null | undefined; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className="staff-error" role="alert">
      <p>{error.message || fa.errors.internal}</p>
      {onRetry && (
        <button type="button" className="staff-link" onClick={onRetry}>
          {faConsole.staff.retry}
        </button>
      )}
    </div>
  );
}
