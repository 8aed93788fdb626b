import { useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { QueryError } from '../../ui/components/QueryError.js';
import { useAddWebhook, useWebhooks } from '../hooks/use-webhooks.js';
import { ShownOnce } from './ShownOnce.js';
import { WebhookCard } from './WebhookCard.js';
import { WebhookForm } from './WebhookForm.js';

const copy = faConsole.integrations.webhooks;

/** The endpoints, and adding one: its secret is shown once, then only its signatures tell of it. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const add = useAddWebhook();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  return (
    <section className="staff-integrations__part" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{copy.title}</h2>
      <QueryError error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      {webhooks.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      {created && (
        <ShownOnce
          title={copy.secretTitle}
          subject={created.url}
          value={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {adding ? (
        <WebhookForm
          error={add.error}
          busy={add.isPending}
          onSubmit={(input) =>
            add.mutate(input, {
              onSuccess: (answer) => {
                setAdding(false);
                setCreated({ url: input.url, secret: answer.secret });
                add.reset();
              },
            })
          }
          onCancel={() => {
            add.reset();
            setAdding(false);
          }}
        />
      ) : (
        <button type="button" className="staff-primary" onClick={() => setAdding(true)}>
          {copy.add}
        </button>
      )}
      {webhooks.data?.length === 0 && <p className="staff-empty">{copy.empty}</p>}
      {webhooks.data && webhooks.data.length > 0 && (
        <ul className="staff-webhooks">
          {webhooks.data.map((endpoint) => (
            <li key={endpoint.id}>
              <WebhookCard endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
