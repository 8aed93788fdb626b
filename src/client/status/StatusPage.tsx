import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { STATUS_CODE_PARAM } from '../../shared/contracts/followup.js';
import type { StatusAnswer } from '../../shared/contracts/followup.schemas.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { ApiError } from '../api/http.js';
import { appQueryClient } from '../api/query-client.js';
import { useStepHeading } from '../wizard/use-step-heading.js';
import { useHydrated } from '../../../widgets/use-hydrated.js';
import {
  jalaliDateTime,
  normalizedStatusRequest,
  serverFieldErrors,
  statusFieldErrors,
  type StatusField,
} from './status-form.js';
import { useStatusLookup } from './use-status-lookup.js';
import './status.css';

const copy = fa.followup.status;

/** «پیگیری ثبت‌نام»: a registration's status for its tracking code and mobile number. */
export default function StatusPage() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <StatusLookup />
    </QueryClientProvider>
  );
}

type FieldMessages = Partial<Record<StatusField, string>>;

/** The lookup's form: what was typed (the code may come from the address), its messages, the submit. */
function useStatusForm(lookup: ReturnType<typeof useStatusLookup>, hydrated: boolean) {
  const [searchParams] = useSearchParams();
  // What the manager typed; the code is undefined until they touch it.
  const [edits, setEdits] = useState<FieldMessages>({});
  const [errors, setErrors] = useState<FieldMessages>({});
  const inputs = useRef<Partial<Record<StatusField, HTMLInputElement | null>>>({});
  // The result page and the SMS link here with the code filled in (never the number): shown once
  // hydrated, so the first render matches the pre-rendered page.
  const codeParam = hydrated ? (searchParams.get(STATUS_CODE_PARAM) ?? '') : '';
  const typed: Record<StatusField, string> = {
    trackingCode: edits.trackingCode ?? codeParam,
    mobileNumber: edits.mobileNumber ?? '',
  };

  const refuse = (found: FieldMessages) => {
    setErrors(found);
    const first = (['trackingCode', 'mobileNumber'] as const).find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = statusFieldErrors(typed);
    if (Object.keys(found).length > 0) {
      lookup.reset();
      refuse(found);
      return;
    }
    setErrors({});
    lookup.mutate(normalizedStatusRequest(typed), {
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) refuse(serverFieldErrors(error.fields));
      },
    });
  };

  const fieldProps = (name: StatusField) => ({
    name,
    value: typed[name],
    error: errors[name],
    disabled: !hydrated,
    register: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onEdit: (value: string) => setEdits((current) => ({ ...current, [name]: value })),
  });

  return { onSubmit, fieldProps };
}

interface StatusInputProps {
  name: StatusField;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  register: (element: HTMLInputElement | null) => void;
  onEdit: (value: string) => void;
  extra: InputHTMLAttributes<HTMLInputElement>;
}

function StatusInput({ name, label, hint, value, error, disabled, register, onEdit, extra }: StatusInputProps) {
  const id = `status-${name}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}__help`}>
        {hint}
      </p>
      <input
        ref={register}
        id={id}
        name={name}
        type="text"
        dir="ltr"
        spellCheck={false}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}__help ${id}__error`}
        onChange={(event) => onEdit(event.target.value)}
        {...extra}
      />
      <div className="field__error" id={`${id}__error`}>
        {error && <p className="field__error-message">{error}</p>}
      </div>
    </div>
  );
}

export function StatusLookup() {
  const heading = useStepHeading(copy.title);
  const hydrated = useHydrated();
  const lookup = useStatusLookup();
  const { onSubmit, fieldProps } = useStatusForm(lookup, hydrated);
  const failure = lookup.error && !(lookup.error instanceof ApiError && Object.keys(lookup.error.fields).length > 0);

  return (
    <section className="step step--content step--status" aria-labelledby="status-heading">
      <h1 id="status-heading" ref={heading} tabIndex={-1} className="step__title">
        {copy.title}
      </h1>
      <p>{copy.intro}</p>
      <form className="step-form status-form" noValidate onSubmit={onSubmit}>
        <StatusInput
          {...fieldProps('trackingCode')}
          label={copy.trackingCode}
          hint={copy.trackingCodeHint}
          extra={{ autoComplete: 'off', autoCapitalize: 'characters', maxLength: 20 }}
        />
        <StatusInput
          {...fieldProps('mobileNumber')}
          label={copy.mobileNumber}
          hint={copy.mobileHint}
          extra={{ autoComplete: 'tel-national', inputMode: 'tel', placeholder: copy.mobilePlaceholder, maxLength: 20 }}
        />
        <div className="step-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!hydrated || lookup.isPending}
            aria-busy={lookup.isPending || undefined}
          >
            {lookup.isPending ? copy.checking : copy.submit}
          </button>
          <Link className="button button--secondary" to="/welcome">
            {copy.startLink}
          </Link>
        </div>
      </form>
      <div aria-live="polite">
        {failure && (
          <p className="status-failure" role="alert">
            {lookup.error.message}
          </p>
        )}
        {lookup.data && <StatusAnswerView answer={lookup.data} />}
      </div>
    </section>
  );
}

export function StatusAnswerView({ answer }: { answer: StatusAnswer }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  return (
    <section className={`status-answer status-answer--${answer.status}`} aria-labelledby="status-answer-heading">
      <h2 id="status-answer-heading" ref={heading} tabIndex={-1} className="status-answer__title">
        {copy.answerTitle}
      </h2>
      <dl className="status-answer__list">
        <div>
          <dt>{copy.pharmacy}</dt>
          <dd>{answer.pharmacyName}</dd>
        </div>
        <div>
          <dt>{copy.state}</dt>
          <dd>
            <strong className="status-answer__state">{copy.statuses[answer.status]}</strong>
          </dd>
        </div>
        <div>
          <dt>{copy.changedAt}</dt>
          <dd>{jalaliDateTime(answer.changedAt)}</dd>
        </div>
        {answer.reason && (
          <div>
            <dt>{copy.reason}</dt>
            <dd>{answer.reason}</dd>
          </div>
        )}
      </dl>
      <p className="status-answer__next">{copy.next[answer.status]}</p>
    </section>
  );
}
