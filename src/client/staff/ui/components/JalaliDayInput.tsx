import { useId, useRef, useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { JalaliCalendar } from './JalaliCalendar.js';
import { formatJalaliDay, jalaliDayOf, parseJalaliDay } from '../jalali.js';

export interface JalaliDayInputProps {
  /** The field's name in its form (read with FormData). */
  name: string;
  label: string;
  /** The day it starts with, in any form parseJalaliDay reads (1405-09-03, ۱۴۰۵/۹/۳). */
  defaultValue?: string;
  /** A Persian message for what was typed, read out with the field. */
  error?: string;
  /** The day the calendar calls today (stories fix it; the app asks the clock). */
  today?: number;
}

/**
 * The console's one way of entering a day, for the list and the funnel alike: typed as «۱۴۰۵/۰۹/۰۳»
 * (or 1405-9-3), with a Jalali calendar beside it for those who would rather pick. The form reads
 * the typed text; the calendar writes the picked day into it in Persian digits.
 */
export function JalaliDayInput({ name, label, defaultValue = '', error, today }: JalaliDayInputProps) {
  const id = useId();
  const initial = parseJalaliDay(defaultValue);
  const [text, setText] = useState(initial ? formatJalaliDay(initial) : defaultValue);
  // When the calendar was opened (its «today»); undefined while it is closed.
  const [openedAt, setOpenedAt] = useState<number>();
  const open = openedAt !== undefined;
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const errorId = `${id}-error`;
  const calendarId = `${id}-calendar`;
  return (
    <div className="staff-day">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="staff-day__row">
        <input
          ref={input}
          id={`${id}-input`}
          name={name}
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          placeholder={faConsole.staff.dayHint}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          ref={toggle}
          type="button"
          className="staff-day__toggle"
          aria-label={fill(faConsole.staff.openCalendar, { label })}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpenedAt(open ? undefined : Date.now())}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 8h14V6H5v2zm2 4h3v3H7v-3z"
            />
          </svg>
        </button>
      </div>
      {error && (
        <span id={errorId} className="staff-field-error">
          {error}
        </span>
      )}
      {open && (
        <JalaliCalendar
          id={calendarId}
          value={parseJalaliDay(text)}
          today={jalaliDayOf(today ?? openedAt)}
          onPick={(day) => {
            setText(formatJalaliDay(day));
            setOpenedAt(undefined);
            input.current?.focus();
          }}
          onClose={() => {
            setOpenedAt(undefined);
            toggle.current?.focus();
          }}
        />
      )}
    </div>
  );
}
