import { Link } from 'react-router-dom';
import type { AuditEvent } from '../../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { casePath } from '../../ui/case-path.js';
import { formatWhen } from '../../ui/format.js';
import { eventText } from '../../ui/event-text.js';

export interface AuditLogProps {
  events: AuditEvent[];
}

/** The latest entries of the append-only audit log (admins): sign-ins, status changes, assignments, notes, exports. */
export function AuditLog({ events }: AuditLogProps) {
  if (events.length === 0) return <p className="staff-empty">{faConsole.staff.auditEmpty}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{faConsole.staff.when}</th>
          <th scope="col">{faConsole.staff.who}</th>
          <th scope="col">{faConsole.staff.what}</th>
          <th scope="col">{faConsole.staff.registration}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td data-label={faConsole.staff.when}>{formatWhen(event.at)}</td>
            <td data-label={faConsole.staff.who}>
              <bdi>{event.actor ?? faConsole.staff.system}</bdi>
            </td>
            <td data-label={faConsole.staff.what}>{eventText(event)}</td>
            <td data-label={faConsole.staff.registration}>
              {event.registration && (
                <Link to={casePath(event.registration.id)} dir="ltr">
                  {event.registration.trackingCode}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
