import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { faDigits } from '../../../../shared/text/persian.js';
import {
  addDays,
  addMonths,
  daysInJalaliMonth,
  jalaliDayKey,
  jalaliDayTitle,
  jalaliMonthTitle,
  sameDay,
  weekdayOf,
  type JalaliDay,
} from '../jalali.js';

export interface JalaliCalendarProps {
  /** The day already chosen; the calendar opens on its month (else on today's). */
  value?: JalaliDay;
  today: JalaliDay;
  onPick: (day: JalaliDay) => void;
  onClose: () => void;
  id?: string;
}

/** Days of a month by weeks (Saturday first); null where the month has no day. */
function weeksOf(year: number, month: number): Array<Array<JalaliDay | null>> {
  const cells: Array<JalaliDay | null> = Array.from({ length: weekdayOf({ year, month, day: 1 }) }, () => null);
  for (let day = 1; day <= daysInJalaliMonth(year, month); day += 1) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * The day the keyboard is on, and the keys that move it (see JalaliCalendar). Focus follows that
 * day, and goes to the chosen day as the calendar opens.
 */
function useCalendarKeys(start: JalaliDay, onClose: () => void) {
  const [focused, setFocused] = useState<JalaliDay>(start);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${jalaliDayKey(focused)}"]`)?.focus();
  }, [focused]);

  const closeOnEscape = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const move = (event: KeyboardEvent<HTMLButtonElement>, day: JalaliDay) => {
    closeOnEscape(event);
    const moves: Record<string, () => JalaliDay> = {
      // Right to left: the next day is on the left.
      ArrowLeft: () => addDays(day, 1),
      ArrowRight: () => addDays(day, -1),
      ArrowDown: () => addDays(day, 7),
      ArrowUp: () => addDays(day, -7),
      Home: () => addDays(day, -weekdayOf(day)),
      End: () => addDays(day, 6 - weekdayOf(day)),
      PageDown: () => addMonths(day, event.shiftKey ? 12 : 1),
      PageUp: () => addMonths(day, event.shiftKey ? -12 : -1),
    };
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    setFocused(to());
  };

  return { focused, setFocused, grid, closeOnEscape, move };
}

interface CalendarHeadProps {
  titleId: string;
  focused: JalaliDay;
  setFocused: (day: JalaliDay) => void;
  closeOnEscape: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/** The month's title between the buttons to the month before and after. */
function CalendarHead({ titleId, focused, setFocused, closeOnEscape }: CalendarHeadProps) {
  return (
    <div className="staff-calendar__head">
      <button
        type="button"
        className="staff-calendar__step"
        aria-label={faConsole.staff.previousMonth}
        onKeyDown={closeOnEscape}
        onClick={() => setFocused(addMonths(focused, -1))}
      >
        <span aria-hidden="true">›</span>
      </button>
      <h2 id={titleId} className="staff-calendar__title" aria-live="polite">
        {jalaliMonthTitle(focused.year, focused.month)}
      </h2>
      <button
        type="button"
        className="staff-calendar__step"
        aria-label={faConsole.staff.nextMonth}
        onKeyDown={closeOnEscape}
        onClick={() => setFocused(addMonths(focused, 1))}
      >
        <span aria-hidden="true">‹</span>
      </button>
    </div>
  );
}

/**
 * A month of the Jalali calendar to pick a day from, beside a typed day (JalaliDayInput). Keyboard
 * as the WAI-ARIA date picker dialog: the arrows move by a day (in the page's right-to-left
 * direction) and a week, Home/End to the week's start and end, Page Up/Down by a month (with Shift
 * a year), Enter or Space picks, Escape closes. Built on the browser's Persian calendar (Intl).
 */
export function JalaliCalendar({ value, today, onPick, onClose, id }: JalaliCalendarProps) {
  const titleId = useId();
  const { focused, setFocused, grid, closeOnEscape, move } = useCalendarKeys(value ?? today, onClose);
  const { year, month } = focused;
  return (
    <div id={id} className="staff-calendar" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <CalendarHead titleId={titleId} focused={focused} setFocused={setFocused} closeOnEscape={closeOnEscape} />
      <table ref={grid} className="staff-calendar__grid">
        <thead>
          <tr>
            {faConsole.staff.weekdaysShort.map((short, index) => (
              <th key={short} scope="col" abbr={faConsole.staff.weekdays[index]}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(year, month).map((week) => (
            <tr key={week.find(Boolean)?.day}>
              {week.map((day, index) =>
                day ? (
                  <td key={day.day}>
                    <button
                      type="button"
                      data-day={jalaliDayKey(day)}
                      tabIndex={sameDay(day, focused) ? 0 : -1}
                      aria-label={`${faConsole.staff.weekdays[weekdayOf(day)]} ${jalaliDayTitle(day)}`}
                      aria-pressed={sameDay(day, value)}
                      aria-current={sameDay(day, today) ? 'date' : undefined}
                      onKeyDown={(event) => move(event, day)}
                      onClick={() => onPick(day)}
                    >
                      {faDigits(day.day)}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="staff-calendar__foot">
        <button type="button" className="staff-link" onKeyDown={closeOnEscape} onClick={() => onPick(today)}>
          {faConsole.staff.today}
        </button>
        <button type="button" className="staff-link" onKeyDown={closeOnEscape} onClick={onClose}>
          {faConsole.staff.closeCalendar}
        </button>
      </div>
    </div>
  );
}
