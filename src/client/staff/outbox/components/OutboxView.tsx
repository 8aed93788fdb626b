import type { OutboxStatus } from '../../../../shared/contracts/followup.js';
import type { OutboxAnswer, OutboxItem } from '../../../../shared/contracts/followup.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { formatWhen } from '../../ui/format.js';

const copy = faConsole.outbox;
const FILTERS: Array<OutboxStatus | ''> = ['', 'waiting', 'sending', 'sent', 'failed'];

export interface OutboxViewProps {
  answer: OutboxAnswer;
  status: OutboxStatus | '';
  onStatus: (status: OutboxStatus | '') => void;
  onRefresh: () => void;
  refreshing?: boolean;
}

/** Why a message is where it is: the provider's words after a failure, the next attempt while it waits. */
function why(item: OutboxItem): string {
  if (item.error === 'expired') return copy.expired;
  if (item.status === 'waiting' && item.nextAttemptAt !== null && item.error)
    return `${item.error} · ${formatWhen(item.nextAttemptAt)}`;
  return item.error ?? '';
}

/**
 * The SMS outbox (admins): how many messages wait, went and failed, and the latest ones, the
 * number masked (0912•••6789) and never a message's text or code.
 */
export function OutboxView({ answer, status, onStatus, onRefresh, refreshing }: OutboxViewProps) {
  return (
    <div className="staff-outbox">
      <p className="staff-outbox__counts" aria-live="polite">
        {fill(copy.counts, {
          waiting: answer.counts.waiting + answer.counts.sending,
          sent: answer.counts.sent,
          failed: answer.counts.failed,
        })}
      </p>
      <div className="staff-actions">
        <label>
          {copy.filter}
          <select value={status} onChange={(event) => onStatus(event.target.value as OutboxStatus | '')}>
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {filter === '' ? copy.all : copy.statuses[filter]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="staff-primary"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing || undefined}
        >
          {copy.refresh}
        </button>
      </div>
      {answer.items.length === 0 ? (
        <p className="staff-empty">{copy.empty}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{copy.createdAt}</th>
              <th scope="col">{copy.kind}</th>
              <th scope="col">{copy.receptor}</th>
              <th scope="col">{faConsole.staff.trackingCode}</th>
              <th scope="col">{copy.state}</th>
              <th scope="col">{copy.attempts}</th>
              <th scope="col">{copy.sentAt}</th>
              <th scope="col">{copy.error}</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((item) => (
              <tr key={item.id} className={`staff-outbox__row staff-outbox__row--${item.status}`}>
                <td data-label={copy.createdAt}>{formatWhen(item.createdAt)}</td>
                <td data-label={copy.kind}>{copy.kinds[item.kind] ?? item.kind}</td>
                <td data-label={copy.receptor} dir="ltr">
                  {item.receptor}
                </td>
                <td data-label={faConsole.staff.trackingCode} dir="ltr">
                  {item.trackingCode ?? ''}
                </td>
                <td data-label={copy.state}>
                  <span className={`staff-status staff-outbox__status--${item.status}`}>
                    {copy.statuses[item.status]}
                  </span>
                </td>
                <td data-label={copy.attempts}>{item.attempts.toLocaleString('fa-IR')}</td>
                <td data-label={copy.sentAt}>{item.sentAt === null ? '' : formatWhen(item.sentAt)}</td>
                <td data-label={copy.error}>{why(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
