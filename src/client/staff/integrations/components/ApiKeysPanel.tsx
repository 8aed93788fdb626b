import { useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { integrationPaths } from '../../../../shared/contracts/integrations.js';
import { fill } from '../../../../shared/text/persian.js';
import { QueryError } from '../../ui/components/QueryError.js';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../hooks/use-api-keys.js';
import { ApiKeyForm } from './ApiKeyForm.js';
import { ApiKeyTable } from './ApiKeyTable.js';
import { ShownOnce } from './ShownOnce.js';

const copy = faConsole.integrations.apiKeys;

/** The keys other systems read registrations with; a new key is shown here once. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  // A new form after each key, so its name is not offered for the next one.
  const [formRound, setFormRound] = useState(0);

  return (
    <section className="staff-integrations__part" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">{copy.title}</h2>
      <p>
        {copy.intro}{' '}
        <bdi dir="ltr" className="staff-code">
          GET {integrationPaths.v1Registrations}
        </bdi>
      </p>
      <QueryError error={keys.error ?? revoke.error} onRetry={() => void keys.refetch()} />
      {created && (
        <ShownOnce
          title={fill(copy.keyTitle, { name: created.name })}
          value={created.key}
          onDone={() => setCreated(null)}
        />
      )}
      <ApiKeyForm
        key={formRound}
        error={create.error}
        busy={create.isPending}
        onSubmit={(name, scopes) =>
          create.mutate(
            { name, scopes },
            {
              onSuccess: (answer) => {
                setCreated({ name, key: answer.key });
                setFormRound((round) => round + 1);
                create.reset();
              },
            },
          )
        }
      />
      {keys.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      {keys.data && (
        <ApiKeyTable
          keys={keys.data}
          onRevoke={(id) => revoke.mutate(id)}
          revoking={revoke.isPending ? revoke.variables : null}
        />
      )}
    </section>
  );
}
