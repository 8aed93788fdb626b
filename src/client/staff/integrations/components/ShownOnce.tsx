import { useEffect, useId, useRef, useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';

const copy = faConsole.integrations;

export interface ShownOnceProps {
  /** What the value is, e.g. «رمز امضای https://…». */
  title: string;
  /** What it belongs to when that is an address or a code (shown left to right, as typed). */
  subject?: string;
  /** A webhook's secret or an API key: kept by this component alone, so it is gone once it closes. */
  value: string;
  /** What else to know (a rotated secret: the old one still signs for 24 hours). */
  note?: string;
  onDone: () => void;
}

/**
 * A secret the server answers once: focus moves to it (selected, ready to copy), a copy button,
 * and a plain warning that it will not be shown again. On plain http the page may not write to the
 * clipboard; the text stays selected for Ctrl+C.
 */
export function ShownOnce({ title, subject, value, note, onDone }: ShownOnceProps) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [value]);

  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopyState('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopyState('failed');
    }
  };

  return (
    <div className="staff-shown-once" role="group" aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`}>
        {title}
        {subject && (
          <>
            {' '}
            <bdi dir="ltr" className="staff-code">
              {subject}
            </bdi>
          </>
        )}
      </h3>
      <p className="staff-shown-once__warning">{copy.shownOnce}</p>
      {note && <p>{note}</p>}
      <label htmlFor={fieldId} className="visually-hidden">
        {subject ? `${title} ${subject}` : title}
      </label>
      <div className="staff-shown-once__value">
        <input
          ref={field}
          id={fieldId}
          readOnly
          value={value}
          dir="ltr"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="staff-primary" onClick={() => void copyValue()}>
          {copy.copy}
        </button>
      </div>
      <p aria-live="polite" className="staff-muted">
        {copyState === 'copied' ? copy.copied : copyState === 'failed' ? copy.copyFailed : ''}
      </p>
      <button type="button" className="staff-secondary" onClick={onDone}>
        {copy.savedIt}
      </button>
    </div>
  );
}
