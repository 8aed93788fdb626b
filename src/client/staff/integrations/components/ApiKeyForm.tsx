import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../../shared/contracts/integrations.js';
import { FieldErrorSummary } from './FieldErrorSummary.js';
import { fieldProblems, formMessage } from './form-errors.js';

const copy = faConsole.integrations.apiKeys;
const FIELDS = ['name', 'scopes'] as const;

export interface ApiKeyFormProps {
  error?: Error | null;
  busy?: boolean;
  onSubmit: (name: string, scopes: ApiKeyScope[]) => void;
}

/** A new key: its name and its scopes (registrations:read ticked to begin with). */
export function ApiKeyForm({ error, busy, onSubmit }: ApiKeyFormProps) {
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  const [name, setName] = useState('');
  // Least privilege: a new key reads registrations only until another scope is ticked.
  const [scopes, setScopes] = useState<ApiKeyScope[]>([API_KEY_SCOPES[0]]);
  const summary = useRef<HTMLDivElement>(null);
  const problems = fieldProblems(error, FIELDS);
  const message = (field: string) => problems.find((problem) => problem.field === field)?.message;
  const general = formMessage(error, problems);

  useEffect(() => {
    if (error) summary.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim(), scopes);
  };
  return (
    <form className="staff-api-key-form" noValidate onSubmit={submit} aria-label={copy.create}>
      <FieldErrorSummary ref={summary} problems={problems} idOf={idOf} />
      {general && (
        <p className="staff-error" role="alert">
          {general}
        </p>
      )}
      <div className="staff-field">
        <label htmlFor={idOf('name')}>{copy.name}</label>
        <p className="staff-muted" id={`${idOf('name')}-hint`}>
          {copy.nameHint}
        </p>
        {message('name') && (
          <p id={`${idOf('name')}-error`} className="staff-field-error">
            {message('name')}
          </p>
        )}
        <input
          id={idOf('name')}
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={message('name') ? true : undefined}
          aria-describedby={[`${idOf('name')}-hint`, message('name') && `${idOf('name')}-error`]
            .filter(Boolean)
            .join(' ')}
        />
      </div>
      <fieldset className="staff-fieldset">
        <legend>{copy.scopes}</legend>
        {message('scopes') && <p className="staff-field-error">{message('scopes')}</p>}
        {API_KEY_SCOPES.map((scope, index) => (
          <label className="staff-check" key={scope}>
            <input
              id={index === 0 ? idOf('scopes') : undefined}
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((other) => other !== scope))
              }
            />
            {copy.scopeNames[scope]} <code dir="ltr">{scope}</code>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="staff-primary" disabled={busy} aria-busy={busy || undefined}>
        {copy.create}
      </button>
    </form>
  );
}
