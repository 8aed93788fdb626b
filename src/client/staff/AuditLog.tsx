import { fa } from '../../shared/strings.fa.js';
import { formatWhen } from './format.js';
import type { TimelineEvent } from './staff-api.js';
import { eventText } from './Timeline.js';

export interface AuditLogProps {
  events: TimelineEvent[];
  onOpen: (registrationId: number) => void;
}

/** The latest entries of the append-only audit log (admins): sign-ins, status changes, notes, exports. */
export function AuditLog({ events, onOpen }: AuditLogProps) {
  if (events.length === 0) return <p className="staff-empty">{fa.staff.auditEmpty}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{fa.staff.when}</th>
          <th scope="col">{fa.staff.who}</th>
          <th scope="col">{fa.staff.what}</th>
          <th scope="col">{fa.staff.registration}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td data-label={fa.staff.when}>{formatWhen(event.at)}</td>
            <td data-label={fa.staff.who}>
              <bdi>{event.actor ?? fa.staff.system}</bdi>
            </td>
            <td data-label={fa.staff.what}>{eventText(event)}</td>
            <td data-label={fa.staff.registration}>
              {event.registration_id !== null && (
                <button type="button" className="staff-link" onClick={() => onOpen(event.registration_id!)}>
                  {event.registration_id.toLocaleString('fa-IR')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
