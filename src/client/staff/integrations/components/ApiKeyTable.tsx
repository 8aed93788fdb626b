import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import type { ApiKeySummary } from '../../../../shared/contracts/integrations.schemas.js';
import { fill } from '../../../../shared/text/persian.js';
import { formatWhen } from '../../ui/format.js';
import { ConfirmAction } from './ConfirmAction.js';

const copy = faConsole.integrations.apiKeys;

export interface ApiKeyTableProps {
  keys: ApiKeySummary[];
  onRevoke: (id: number) => void;
  /** The key being revoked, if one is. */
  revoking?: number | null;
}

/** The keys: never the key itself, only its first characters to tell them apart. */
export function ApiKeyTable({ keys, onRevoke, revoking }: ApiKeyTableProps) {
  if (keys.length === 0) return <p className="staff-empty">{copy.empty}</p>;
  return (
    <table className="staff-table staff-api-keys">
      <thead>
        <tr>
          <th scope="col">{copy.name}</th>
          <th scope="col">{copy.scopes}</th>
          <th scope="col">{copy.prefix}</th>
          <th scope="col">{copy.createdAt}</th>
          <th scope="col">{copy.lastUsedAt}</th>
          <th scope="col">{copy.revokedAt}</th>
          <th scope="col">
            <span className="visually-hidden">{copy.revoke}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <td data-label={copy.name}>{key.name}</td>
            <td data-label={copy.scopes}>{key.scopes.map((scope) => copy.scopeNames[scope] ?? scope).join('، ')}</td>
            <td data-label={copy.prefix} dir="ltr">
              <code>{key.prefix}…</code>
            </td>
            <td data-label={copy.createdAt}>{formatWhen(key.createdAt)}</td>
            <td data-label={copy.lastUsedAt}>{key.lastUsedAt ? formatWhen(key.lastUsedAt) : copy.never}</td>
            <td data-label={copy.revokedAt}>{key.revokedAt ? formatWhen(key.revokedAt) : copy.active}</td>
            <td>
              {!key.revokedAt && (
                <ConfirmAction
                  label={copy.revoke}
                  question={fill(copy.confirmRevoke, { name: key.name })}
                  busy={revoking === key.id}
                  onConfirm={() => onRevoke(key.id)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
