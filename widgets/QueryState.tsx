import { fa } from '../src/shared/text/wizard-strings.fa.js';

export interface QueryStateProps {
  id: string;
  /** Persian text while loading, or undefined when not loading. */
  loading?: string | false;
  /** Persian text of the failure (the API's own message is added when given). */
  error?: string | false;
  detail?: string;
  onRetry?: () => void;
  /**
   * The loading note is for screen readers only: the widget shows its state in its own space, so
   * the page does not move when the note goes away.
   */
  loadingUnseen?: boolean;
}

/**
 * Loading and failure notes of the widgets that fetch: a polite status while loading, an alert
 * with a «تلاش دوباره» button on failure. Its id (`${id}__state`) is added to aria-describedby.
 */
export function QueryState({ id, loading, error, detail, onRetry, loadingUnseen }: QueryStateProps) {
  if (error) {
    return (
      <div id={stateId(id)} className="widget-state widget-state--error" role="alert">
        <span>{detail && detail !== error ? `${error} ${detail}` : error}</span>{' '}
        {onRetry && (
          <button type="button" className="button button--small" onClick={onRetry}>
            {fa.widgets.retry}
          </button>
        )}
      </div>
    );
  }
  if (loading) {
    return (
      <div
        id={stateId(id)}
        className={loadingUnseen ? 'visually-hidden' : 'widget-state widget-state--loading'}
        role="status"
      >
        {loading}
      </div>
    );
  }
  return null;
}

export function stateId(id: string): string {
  return `${id}__state`;
}
