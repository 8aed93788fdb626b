import { useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import type { WebhookEndpoint, WebhookTestAnswer } from '../../../../shared/contracts/integrations.schemas.js';
import { faDigits, fill } from '../../../../shared/text/persian.js';
import { formatWhen } from '../../ui/format.js';
import { QueryError } from '../../ui/components/QueryError.js';
import { useChangeWebhook, useDeleteWebhook, useRotateSecret, useTestWebhook } from '../hooks/use-webhooks.js';
import { ConfirmAction } from './ConfirmAction.js';
import { DeliveryPanel } from './DeliveryPanel.js';
import { ShownOnce } from './ShownOnce.js';
import { WebhookForm } from './WebhookForm.js';

const copy = faConsole.integrations.webhooks;

function testLine(answer: WebhookTestAnswer): string {
  const ms = faDigits(answer.ms);
  return answer.status === null
    ? fill(copy.testNoAnswer, { ms })
    : fill(copy.testAnswer, { status: answer.status, ms });
}

/** What an endpoint is: its address, events, state, and why the server disabled it if it did. */
function EndpointFacts({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <>
      <h3 className="staff-webhook__url">
        <bdi dir="ltr" className="staff-code">
          {endpoint.url}
        </bdi>
      </h3>
      {endpoint.description && <p>{endpoint.description}</p>}
      <p>
        <span className={`staff-status ${endpoint.enabled ? 'staff-status-approved' : 'staff-status-rejected'}`}>
          {endpoint.enabled ? copy.enabled : copy.disabled}
        </span>{' '}
        {copy.events}: {endpoint.events.map((event) => copy.eventNames[event] ?? event).join('، ')}
      </p>
      {endpoint.disabledReason && <p className="staff-error">{copy.disabledBy[endpoint.disabledReason]}</p>}
      {endpoint.previousSecretUntil && (
        <p className="staff-muted">
          {fill(copy.previousSecretUntil, { at: formatWhen(endpoint.previousSecretUntil) })}
        </p>
      )}
    </>
  );
}

/** The endpoint's form, its own save: a refusal shows there, never on the card. */
function EditEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const change = useChangeWebhook();
  return (
    <WebhookForm
      endpoint={endpoint}
      error={change.error}
      busy={change.isPending}
      onSubmit={(input) => change.mutate({ id: endpoint.id, change: input }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

/** One endpoint and what an admin can do with it; a rotated secret is shown here once. */
export function WebhookCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const change = useChangeWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useTestWebhook(endpoint.id);

  if (editing) return <EditEndpoint endpoint={endpoint} onDone={() => setEditing(false)} />;
  return (
    <article className="staff-webhook" aria-label={endpoint.url}>
      <EndpointFacts endpoint={endpoint} />
      <QueryError error={change.error ?? remove.error ?? rotate.error ?? test.error} />
      {secret && (
        <ShownOnce
          title={copy.secretTitle}
          subject={endpoint.url}
          value={secret}
          note={copy.rotatedNote}
          onDone={() => setSecret(null)}
        />
      )}
      <div className="staff-webhook__actions">
        <button type="button" className="staff-primary" onClick={() => test.mutate()} disabled={test.isPending}>
          {copy.test}
        </button>
        <button type="button" className="staff-link" onClick={() => setEditing(true)}>
          {copy.edit}
        </button>
        <button
          type="button"
          className="staff-link"
          onClick={() => change.mutate({ id: endpoint.id, change: { enabled: !endpoint.enabled } })}
          disabled={change.isPending}
        >
          {endpoint.enabled ? copy.disable : copy.enable}
        </button>
        <ConfirmAction
          label={copy.rotate}
          question={copy.confirmRotate}
          busy={rotate.isPending}
          onConfirm={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (answer) => {
                setSecret(answer.secret);
                rotate.reset();
              },
            })
          }
        />
        <button type="button" className="staff-link" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? copy.hideDeliveries : copy.showDeliveries}
        </button>
        <ConfirmAction
          label={copy.delete}
          question={copy.confirmDelete}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(endpoint.id)}
        />
      </div>
      <p role="status" className="staff-webhook__test">
        {test.data ? testLine(test.data) : ''}
      </p>
      {showLog && <DeliveryPanel endpointId={endpoint.id} url={endpoint.url} />}
    </article>
  );
}
