import { useState } from 'react';
import { NEXT_STATUSES, type CaseStatus } from '../../../../shared/contracts/staff.js';
import type { BulkStatusResult, CaseSummary } from '../../../../shared/contracts/staff.schemas.js';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';

/** One case's outcome of a change together, with the code a colleague knows it by. */
export interface BulkOutcome extends BulkStatusResult {
  trackingCode: string;
}

export interface BulkStatusBarProps {
  /** The selected cases, as the list shows them. */
  selected: CaseSummary[];
  onApply: (change: { from: CaseStatus; to: CaseStatus; reason?: string }) => void;
  onClear: () => void;
  busy?: boolean;
  /** The last change's outcome per case. */
  outcomes?: BulkOutcome[];
  /** Why the last change was refused as a whole (a rejection without its reason). */
  error?: string;
}

/**
 * A status change for the selected cases together. The cases must share a status (the move is
 * checked from it, case by case, on the server); each case's outcome is listed after.
 */
export function BulkStatusBar({ selected, onApply, onClear, busy, outcomes, error }: BulkStatusBarProps) {
  const [reason, setReason] = useState('');
  const statuses = [...new Set(selected.map((item) => item.status))];
  const from = statuses.length === 1 ? statuses[0] : undefined;
  const moves = from ? NEXT_STATUSES[from] : [];
  return (
    <section className="staff-bulk" aria-label={faConsole.staff.bulkResults}>
      {selected.length > 0 && (
        <div className="staff-bulk__bar">
          <p className="staff-bulk__count">{fill(faConsole.staff.selectedCount, { count: selected.length })}</p>
          {statuses.length > 1 && <p>{faConsole.staff.bulkMixed}</p>}
          {from && moves.length === 0 && <p>{faConsole.staff.bulkNone}</p>}
          {moves.includes('rejected') && (
            <label>
              {faConsole.staff.reason}
              <input value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          )}
          {from &&
            moves.map((to) => (
              <button
                key={to}
                type="button"
                className="staff-primary"
                disabled={busy}
                onClick={() => onApply({ from, to, ...(to === 'rejected' ? { reason } : {}) })}
              >
                {`${faConsole.staff.moveTo} «${faConsole.staff.statuses[to]}»`}
              </button>
            ))}
          <button type="button" className="staff-link" onClick={onClear}>
            {faConsole.staff.clearSelection}
          </button>
        </div>
      )}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div role="status">
        {outcomes && outcomes.length > 0 && (
          <>
            <p>
              {fill(faConsole.staff.bulkSummary, {
                done: outcomes.filter((outcome) => outcome.ok).length,
                count: outcomes.length,
              })}
            </p>
            <ul className="staff-bulk__outcomes">
              {outcomes.map((outcome) => (
                <li key={outcome.id} className={outcome.ok ? undefined : 'staff-bulk__failed'}>
                  <bdi dir="ltr">{outcome.trackingCode}</bdi>
                  {': '}
                  {outcome.ok
                    ? faConsole.staff.bulkDone
                    : (faConsole.staff.bulkCodes[outcome.code ?? ''] ?? fa.errors.internal)}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
