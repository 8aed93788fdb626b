import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import type { WebhookDelivery } from '../../../../shared/contracts/integrations.schemas.js';
import { faDigits, fill } from '../../../../shared/text/persian.js';
import { formatWhen } from '../../ui/format.js';

const copy = faConsole.integrations.webhooks;

export interface DeliveryLogProps {
  /** The endpoint's deliveries, newest first. */
  deliveries: WebhookDelivery[];
  onReplay: (deliveryId: number) => void;
  /** The delivery being sent again, if one is. */
  replaying?: number | null;
}

/**
 * An endpoint's delivery log: each attempt's event, number, the receiver's status and the first
 * 500 bytes of its answer (as the receiver wrote it, left to right), and «ارسال دوباره».
 */
export function DeliveryLog({ deliveries, onReplay, replaying }: DeliveryLogProps) {
  if (deliveries.length === 0) return <p className="staff-empty">{copy.noDeliveries}</p>;
  return (
    <table className="staff-table staff-deliveries">
      <thead>
        <tr>
          <th scope="col">{copy.at}</th>
          <th scope="col">{copy.event}</th>
          <th scope="col">{copy.attempt}</th>
          <th scope="col">{copy.state}</th>
          <th scope="col">{copy.status}</th>
          <th scope="col">{copy.answer}</th>
          <th scope="col">
            <span className="visually-hidden">{copy.replay}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id} className={`staff-delivery staff-delivery--${delivery.state}`}>
            <td data-label={copy.at}>{formatWhen(delivery.at)}</td>
            <td data-label={copy.event}>
              {copy.eventNames[delivery.event] ?? delivery.event} <code dir="ltr">{delivery.event}</code>
            </td>
            <td data-label={copy.attempt}>{faDigits(delivery.attempt)}</td>
            <td data-label={copy.state}>{copy.states[delivery.state] ?? delivery.state}</td>
            <td data-label={copy.status} dir="ltr">
              {delivery.status ?? copy.noStatus}
            </td>
            <td data-label={copy.answer}>
              {delivery.answer && (
                <pre
                  className="staff-delivery__answer"
                  dir="ltr"
                  role="region"
                  // A region that scrolls must take focus to be read by keyboard (axe: scrollable-region-focusable).
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                  tabIndex={0}
                  aria-label={copy.answer}
                >
                  {delivery.answer}
                </pre>
              )}
            </td>
            <td>
              <button
                type="button"
                className="staff-link"
                onClick={() => onReplay(delivery.id)}
                aria-label={fill(copy.replayOf, {
                  event: copy.eventNames[delivery.event] ?? delivery.event,
                  attempt: faDigits(delivery.attempt),
                  at: formatWhen(delivery.at),
                })}
                disabled={replaying === delivery.id}
                aria-busy={replaying === delivery.id || undefined}
              >
                {copy.replay}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
