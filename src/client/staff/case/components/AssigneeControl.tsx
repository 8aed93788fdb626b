import { useState } from 'react';
import type { AssignRequest, Colleague, StaffMe } from '../../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';

export interface AssigneeControlProps {
  assignee: Colleague | null;
  me: StaffMe;
  /** An admin's choice of colleagues to give the case to. */
  colleagues?: Colleague[];
  onAssign: (change: AssignRequest) => void;
  busy?: boolean;
  error?: string;
}

/**
 * Who handles a case: anyone may take an unassigned case («به من بسپار») or give back their own;
 * an admin may give it to any colleague. The change names the assignee it replaces, so a case
 * taken meanwhile by someone else is not taken from them (409, with the server's message).
 */
export function AssigneeControl({ assignee, me, colleagues, onAssign, busy, error }: AssigneeControlProps) {
  const [choice, setChoice] = useState('');
  const from = assignee?.id ?? null;
  const mine = assignee !== null && assignee.id === me.id;
  return (
    <div className="staff-assignee">
      <p>
        {faConsole.staff.assignee}:{' '}
        {assignee ? <bdi>{assignee.email}</bdi> : <span className="staff-muted">{faConsole.staff.nobody}</span>}
      </p>
      {!assignee && (
        <button
          type="button"
          className="staff-primary"
          disabled={busy}
          onClick={() => onAssign({ from: null, to: me.id })}
        >
          {faConsole.staff.assignToMe}
        </button>
      )}
      {mine && (
        <button type="button" className="staff-secondary" disabled={busy} onClick={() => onAssign({ from, to: null })}>
          {faConsole.staff.giveBack}
        </button>
      )}
      {me.role === 'admin' && colleagues && (
        <form
          className="staff-assignee__reassign"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice === '') return;
            onAssign({ from, to: choice === 'none' ? null : Number(choice) });
          }}
        >
          <label>
            {faConsole.staff.reassignTo}
            <select value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="" disabled>
                {faConsole.staff.anyChoice}
              </option>
              <option value="none">{faConsole.staff.nobody}</option>
              {colleagues
                .filter((colleague) => colleague.id !== from)
                .map((colleague) => (
                  <option key={colleague.id} value={colleague.id}>
                    {colleague.email}
                  </option>
                ))}
            </select>
          </label>
          <button type="submit" className="staff-primary" disabled={busy || choice === ''}>
            {faConsole.staff.reassign}
          </button>
        </form>
      )}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
