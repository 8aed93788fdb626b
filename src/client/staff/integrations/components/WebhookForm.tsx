import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { MAX_WEBHOOK_HEADERS, WEBHOOK_EVENTS, type WebhookEvent } from '../../../../shared/contracts/integrations.js';
import type { WebhookEndpoint, WebhookEndpointInput } from '../../../../shared/contracts/integrations.schemas.js';
import { faDigits, fill } from '../../../../shared/text/persian.js';
import { FieldErrorSummary } from './FieldErrorSummary.js';
import { fieldProblems, formMessage } from './form-errors.js';
import { HeaderRows, type HeaderRow } from './HeaderRows.js';

const copy = faConsole.integrations.webhooks;
const FIELDS = ['url', 'description', 'events', 'headers', 'enabled'] as const;

export interface WebhookFormProps {
  /** The endpoint being edited; none to add one. */
  endpoint?: WebhookEndpoint;
  /** The server's refusal of the last save, shown at its fields. */
  error?: Error | null;
  busy?: boolean;
  onSubmit: (input: WebhookEndpointInput) => void;
  onCancel: () => void;
}

interface Draft {
  url: string;
  description: string;
  events: WebhookEvent[];
  headers: HeaderRow[];
  /** Editing: header values are never shown again, so they are sent only when replaced. */
  replaceHeaders: boolean;
  enabled: boolean;
}

const draftOf = (endpoint?: WebhookEndpoint): Draft => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: endpoint?.events ?? [...WEBHOOK_EVENTS],
  headers: [],
  replaceHeaders: !endpoint,
  enabled: endpoint?.enabled ?? true,
});

function inputOf(draft: Draft): WebhookEndpointInput {
  const input: WebhookEndpointInput = {
    url: draft.url.trim(),
    description: draft.description.trim(),
    events: WEBHOOK_EVENTS.filter((event) => draft.events.includes(event)),
    enabled: draft.enabled,
  };
  if (draft.replaceHeaders) {
    const named = draft.headers.filter((row) => row.name.trim() !== '');
    input.headers = Object.fromEntries(named.map((row) => [row.name.trim(), row.value]));
  }
  return input;
}

/** A field's message, tied to it with aria-describedby. */
function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="staff-field-error">
      {message}
    </p>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  hint?: string;
  message?: string;
  value: string;
  onChange: (value: string) => void;
  /** An address: left to right, the URL keyboard. */
  url?: boolean;
}

/** A labelled text field with its hint and the server's message, both tied to it. */
function TextField({ id, label, hint, message, value, onChange, url }: TextFieldProps) {
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="staff-muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`} message={message} />
      <input
        id={id}
        type={url ? 'url' : 'text'}
        dir={url ? 'ltr' : undefined}
        inputMode={url ? 'url' : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
    </div>
  );
}

/** Adds or edits a webhook endpoint; the server's refusals show above it and at their fields. */
export function WebhookForm({ endpoint, error, busy, onSubmit, onCancel }: WebhookFormProps) {
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  const [draft, setDraft] = useState(() => draftOf(endpoint));
  const summary = useRef<HTMLDivElement>(null);
  const problems = fieldProblems(error, FIELDS);
  const message = (field: string) => problems.find((problem) => problem.field === field)?.message;
  const general = formMessage(error, problems);
  const set = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));

  useEffect(() => {
    if (error) summary.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(inputOf(draft));
  };

  return (
    <form className="staff-webhook-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{endpoint ? copy.editTitle : copy.addTitle}</h3>
      <FieldErrorSummary ref={summary} problems={problems} idOf={idOf} />
      {general && (
        <p className="staff-error" role="alert">
          {general}
        </p>
      )}
      <TextField
        id={idOf('url')}
        label={copy.url}
        hint={copy.urlHint}
        message={message('url')}
        value={draft.url}
        onChange={(url) => set({ url })}
        url
      />
      <TextField
        id={idOf('description')}
        label={copy.description}
        message={message('description')}
        value={draft.description}
        onChange={(description) => set({ description })}
      />
      <EventChoices
        firstId={idOf('events')}
        chosen={draft.events}
        onChange={(events) => set({ events })}
        error={<FieldMessage id={`${idOf('events')}-error`} message={message('events')} />}
      />
      <HeadersFieldset
        endpoint={endpoint}
        draft={draft}
        onChange={set}
        firstId={idOf('headers')}
        error={<FieldMessage id={`${idOf('headers')}-error`} message={message('headers')} />}
      />
      <label className="staff-check">
        <input
          id={idOf('enabled')}
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {copy.enabled}
      </label>
      <div className="staff-webhook__actions">
        <button type="submit" className="staff-primary" disabled={busy} aria-busy={busy || undefined}>
          {copy.save}
        </button>
        <button type="button" className="staff-secondary" onClick={onCancel}>
          {faConsole.integrations.cancel}
        </button>
      </div>
    </form>
  );
}

interface EventChoicesProps {
  firstId: string;
  chosen: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error: ReactNode;
}

function EventChoices({ firstId, chosen, onChange, error }: EventChoicesProps) {
  const toggle = (event: WebhookEvent, on: boolean) =>
    onChange(on ? [...chosen, event] : chosen.filter((other) => other !== event));
  return (
    <fieldset className="staff-fieldset">
      <legend>{copy.events}</legend>
      <p className="staff-muted">{copy.eventsHint}</p>
      {error}
      {WEBHOOK_EVENTS.map((event, index) => (
        <label className="staff-check" key={event}>
          <input
            id={index === 0 ? firstId : undefined}
            type="checkbox"
            checked={chosen.includes(event)}
            onChange={(change) => toggle(event, change.target.checked)}
          />
          {copy.eventNames[event]} <code dir="ltr">{event}</code>
        </label>
      ))}
    </fieldset>
  );
}

function ExistingHeaders({
  names,
  replace,
  onReplace,
}: {
  names: string[];
  replace: boolean;
  onReplace: (replace: boolean) => void;
}) {
  return (
    <>
      {names.length > 0 && <p dir="auto">{fill(copy.currentHeaders, { names: names.join('، ') })}</p>}
      <label className="staff-check">
        <input type="checkbox" checked={replace} onChange={(event) => onReplace(event.target.checked)} />
        {copy.replaceHeaders}
      </label>
    </>
  );
}

interface HeadersFieldsetProps {
  endpoint?: WebhookEndpoint;
  draft: Draft;
  onChange: (part: Partial<Draft>) => void;
  firstId: string;
  error: ReactNode;
}

/** The custom headers; when editing, the names kept and a choice to replace them all. */
function HeadersFieldset({ endpoint, draft, onChange, firstId, error }: HeadersFieldsetProps) {
  return (
    <fieldset className="staff-fieldset">
      <legend>{copy.headers}</legend>
      <p className="staff-muted">{fill(copy.headersHint, { count: faDigits(MAX_WEBHOOK_HEADERS) })}</p>
      {error}
      {endpoint && (
        <ExistingHeaders
          names={endpoint.headerNames}
          replace={draft.replaceHeaders}
          onReplace={(replaceHeaders) => onChange({ replaceHeaders })}
        />
      )}
      {draft.replaceHeaders && (
        <HeaderRows rows={draft.headers} onChange={(headers) => onChange({ headers })} firstId={firstId} />
      )}
    </fieldset>
  );
}
