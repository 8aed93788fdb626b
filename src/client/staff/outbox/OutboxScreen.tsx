import { useState } from 'react';
import type { OutboxStatus } from '../../../shared/contracts/followup.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { QueryError } from '../ui/components/QueryError.js';
import { OutboxView } from './components/OutboxView.js';
import { useOutbox } from './hooks/use-outbox.js';

/** «صندوق پیامک‌ها» at /staff/outbox (admins; consoleScreens.outbox): the SMS sent, waiting and failed. */
export default function OutboxScreen() {
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const outbox = useOutbox(status);
  return (
    <section className="staff-card" aria-labelledby="outbox-heading">
      <h1 id="outbox-heading">{faConsole.outbox.title}</h1>
      <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} />
      {outbox.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      {outbox.data && (
        <OutboxView
          answer={outbox.data}
          status={status}
          onStatus={setStatus}
          onRefresh={() => void outbox.refetch()}
          refreshing={outbox.isFetching}
        />
      )}
    </section>
  );
}
