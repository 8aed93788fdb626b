import type { AuditEvent } from '../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { fillVerbatim, formatCount } from './format.js';

/**
 * An audit event in Persian: its action, then what it did when there is more to say (the status it
 * moved to and why, whom a case was given to, a note's text, an export's size).
 */
export function eventText(event: AuditEvent): string {
  const action = faConsole.staff.actions[event.action] ?? event.action;
  const detail = eventDetail(event);
  return detail ? `${action}: ${detail}` : action;
}

function eventDetail(event: AuditEvent): string | undefined {
  const detail = event.detail ?? {};
  if (event.action === 'status' && detail.to) {
    const moved = `${faConsole.staff.movedTo} «${faConsole.staff.statuses[detail.to] ?? detail.to}»`;
    return detail.reason ? fillVerbatim(faConsole.staff.movedWithReason, { moved, reason: detail.reason }) : moved;
  }
  if (event.action === 'assign') {
    return detail.to ? fillVerbatim(faConsole.staff.assignedTo, { who: detail.to }) : faConsole.staff.assignedToNobody;
  }
  if (event.action === 'note' && detail.body) return detail.body;
  if (event.action === 'export' && detail.format && detail.count !== undefined) {
    return fillVerbatim(faConsole.staff.exportSize, {
      format: detail.format.toUpperCase(),
      count: formatCount(detail.count),
    });
  }
  return undefined;
}
