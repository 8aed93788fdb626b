import { useEffect, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { fa } from '../../src/shared/strings.fa.js';
import { toAsciiDigits } from '../../src/shared/normalize.js';
import { CODE_LENGTH } from '../../src/shared/verify.js';
import { useWidgetServices } from '../services.js';
import { fill, toPersianDigits } from '../shared.js';

const copy = fa.followup.otp;
const MOBILE = /^09[0-9]{9}$/;

export interface MobileVerificationProps {
  /** The field's id: the code input is `${id}__code`, the messages `${id}__verify`. */
  id: string;
  /** The number as the field holds it (11 ASCII digits once complete). */
  mobileNumber: string | undefined;
  disabled?: boolean;
  /** Called once the number is verified, so the form checks the field again. */
  onVerified: () => void;
}

/** Seconds left until `until` (epoch ms), ticking each second while there are some. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * What a field declared `"verify": "sms"` adds under the number: «ارسال کد», then a box for the
 * five-digit code and «تأیید کد». A new code may be asked after 60 s. Once the number is verified
 * it says so; typing another number brings the button back (the verification belongs to the
 * number). The field stays invalid until then (src/client/form/use-verified-fields.ts).
 */
export function MobileVerification({ id, mobileNumber, disabled, onVerified }: MobileVerificationProps) {
  const verification = useWidgetServices().mobileVerification;
  const number = mobileNumber ?? '';
  const verified = useSyncExternalStore(
    verification.subscribe,
    () => verification.isVerified(number),
    () => false,
  );
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [resendAt, setResendAt] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'sending' | 'checking' | undefined>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const secondsLeft = useSecondsLeft(resendAt);
  const codeSent = sentTo !== undefined && sentTo === number;

  if (verified) {
    return (
      <p id={`${id}__verify`} className="widget-verify widget-verify--done" role="status">
        <span aria-hidden="true">✓ </span>
        {copy.verified}
      </p>
    );
  }

  const send = async () => {
    if (!MOBILE.test(number)) {
      setMessage({ text: copy.needMobile, error: true });
      return;
    }
    setBusy('sending');
    setMessage(undefined);
    try {
      const sent = await verification.sendCode(number);
      setSentTo(number);
      setCode('');
      setResendAt(Date.now() + sent.resendAfterMs);
      setMessage({ text: copy.sent, error: false });
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    } finally {
      setBusy(undefined);
    }
  };

  const check = async () => {
    const digits = toAsciiDigits(code).replace(/\D/g, '');
    if (digits.length !== CODE_LENGTH) {
      setMessage({ text: copy.codeInvalid, error: true });
      return;
    }
    setBusy('checking');
    setMessage(undefined);
    try {
      await verification.checkCode(number, digits);
      onVerified();
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    } finally {
      setBusy(undefined);
    }
  };

  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter confirms the code; it must not submit the step.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void check();
  };

  const waiting = codeSent && secondsLeft > 0;
  const sendLabel = busy === 'sending' ? copy.sending : codeSent ? copy.resend : copy.send;
  return (
    <div className="widget-verify">
      <button
        type="button"
        className="button button--small widget-verify__send"
        disabled={disabled || busy !== undefined || waiting}
        aria-describedby={`${id}__verify`}
        onClick={() => void send()}
      >
        {waiting ? fill(copy.resendIn, { seconds: toPersianDigits(secondsLeft) }) : sendLabel}
      </button>
      {codeSent && (
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
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onCodeKey}
          />
          <button
            type="button"
            className="button button--small button--primary"
            disabled={disabled || busy !== undefined}
            onClick={() => void check()}
          >
            {busy === 'checking' ? copy.checking : copy.confirm}
          </button>
        </div>
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
