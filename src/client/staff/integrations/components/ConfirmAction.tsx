import { useEffect, useRef, useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';

export interface ConfirmActionProps {
  /** The button that asks first, e.g. «حذف». */
  label: string;
  /** The question, naming what is about to change. */
  question: string;
  onConfirm: () => void;
  busy?: boolean;
}

/**
 * An action that cannot be undone, asked about in place (no browser dialog): the question and
 * «بله» / «انصراف», focus on «بله»; «انصراف» gives focus back to the button that asked.
 */
export function ConfirmAction({ label, question, onConfirm, busy }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={trigger} type="button" className="staff-link" onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  }
  return (
    <span className="staff-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        ref={yes}
        type="button"
        className="staff-primary"
        onClick={() => {
          wasAsking.current = false;
          setAsking(false);
          onConfirm();
        }}
      >
        {faConsole.integrations.yes}
      </button>
      <button type="button" className="staff-link" onClick={() => setAsking(false)}>
        {faConsole.integrations.cancel}
      </button>
    </span>
  );
}
