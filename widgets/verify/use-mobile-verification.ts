import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatShapes } from '../../src/shared/definition/formats.js';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { toAsciiDigits } from '../../src/shared/text/normalize.js';
import { CODE_LENGTH } from '../../src/shared/definition/verify.js';
import { useWidgetServices } from '../services.js';

const copy = fa.followup.otp;
const MOBILE = new RegExp(formatShapes['ir-mobile']);

export interface VerificationMessage {
  text: string;
  error: boolean;
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
 * The state of one number's verification: whether it is verified already, the code sent to it and
 * typed back, what is in flight, the message to show, and the two actions (send a code, check it).
 */
export function useMobileVerification(mobileNumber: string | undefined, onVerified: () => void) {
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
  const [message, setMessage] = useState<VerificationMessage | undefined>();
  const secondsLeft = useSecondsLeft(resendAt);
  const codeSent = sentTo !== undefined && sentTo === number;

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

  return { verified, codeSent, secondsLeft, code, setCode, busy, message, send, check };
}
