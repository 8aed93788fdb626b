import type { KeyboardEvent } from 'react';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { CODE_LENGTH } from '../../src/shared/definition/verify.js';
import { fillAsGiven, toPersianDigits } from '../shared.js';
import { useMobileVerification } from './use-mobile-verification.js';

const copy = fa.followup.otp;

export interface MobileVerificationProps {
  /** The field's id: the code input is `${id}__code`, the messages `${id}__verify`. */
  id: string;
  /** The number as the field holds it (11 ASCII digits once complete). */
  mobileNumber: string | undefined;
  disabled?: boolean;
  /** Called once the number is verified, so the form checks the field again. */
  onVerified: () => void;
}

/**
 * What a field declared `"verify": "sms"` adds under the number: «ارسال کد», then a box for the
 * five-digit code and «تأیید کد». A new code may be asked after 60 s. Once the number is verified
 * it says so; typing another number brings the button back (the verification belongs to the
 * number). The field stays invalid until then (src/client/form/use-verified-fields.ts).
 */
export function MobileVerification({ id, mobileNumber, disabled, onVerified }: MobileVerificationProps) {
  const state = useMobileVerification(mobileNumber, onVerified);
  const { codeSent, secondsLeft, busy, message } = state;

  if (state.verified) {
    return (
      <p id={`${id}__verify`} className="widget-verify widget-verify--done" role="status">
        <span aria-hidden="true">✓ </span>
        {copy.verified}
      </p>
    );
  }

  const waiting = codeSent && secondsLeft > 0;
  const sendLabel = busy === 'sending' ? copy.sending : codeSent ? copy.resend : copy.send;
  return (
    <div className="widget-verify">
      <button
        type="button"
        className="button button--small widget-verify__send"
        disabled={disabled || busy !== undefined || waiting}
        aria-describedby={`${id}__verify`}
        onClick={() => void state.send()}
      >
        {waiting ? fillAsGiven(copy.resendIn, { seconds: toPersianDigits(secondsLeft) }) : sendLabel}
      </button>
      {codeSent && (
        <CodeEntry
          id={id}
          code={state.code}
          disabled={disabled}
          busy={busy}
          onCode={state.setCode}
          onCheck={() => void state.check()}
        />
      )}
      <p
        id={`${id}__verify`}
        className={`widget-state ${message?.error ? 'widget-state--error' : 'widget-state--status'}`}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
    </div>
  );
}

interface CodeEntryProps {
  id: string;
  code: string;
  disabled: boolean | undefined;
  busy: 'sending' | 'checking' | undefined;
  onCode: (code: string) => void;
  onCheck: () => void;
}

/** The box for the code sent by SMS and «تأیید کد». */
function CodeEntry({ id, code, disabled, busy, onCode, onCheck }: CodeEntryProps) {
  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter confirms the code; it must not submit the step.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onCheck();
  };
  return (
    <div className="widget-verify__code">
      <label htmlFor={`${id}__code`}>{copy.codeLabel}</label>
      <input
        id={`${id}__code`}
        type="text"
        className="widget-input widget-input--digits"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={CODE_LENGTH * 2}
        placeholder={copy.codePlaceholder}
        value={code}
        disabled={disabled || busy === 'checking'}
        aria-describedby={`${id}__verify`}
        onChange={(event) => onCode(event.target.value)}
        onKeyDown={onCodeKey}
      />
      <button
        type="button"
        className="button button--small button--primary"
        disabled={disabled || busy !== undefined}
        onClick={onCheck}
      >
        {busy === 'checking' ? copy.checking : copy.confirm}
      </button>
    </div>
  );
}
