import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { QueryError } from '../../ui/components/QueryError.js';
import { useDeliveries, useReplayDelivery } from '../hooks/use-webhooks.js';
import { DeliveryLog } from './DeliveryLog.js';

const copy = faConsole.integrations.webhooks;

/** The delivery log of one endpoint, read while it is open (and every 10 s). */
export function DeliveryPanel({ endpointId, url }: { endpointId: number; url: string }) {
  const deliveries = useDeliveries(endpointId, true);
  const replay = useReplayDelivery(endpointId);
  return (
    <section className="staff-delivery-panel" aria-label={fill(copy.deliveriesOf, { url })}>
      <QueryError error={deliveries.error ?? replay.error} onRetry={() => void deliveries.refetch()} />
      {deliveries.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      {replay.isSuccess && (
        <p className="staff-muted" role="status">
          {copy.replayed}
        </p>
      )}
      {deliveries.data && (
        <DeliveryLog
          deliveries={deliveries.data}
          onReplay={(deliveryId) => replay.mutate(deliveryId)}
          replaying={replay.isPending ? replay.variables : null}
        />
      )}
    </section>
  );
}
