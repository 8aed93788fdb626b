import type { AuditEvent } from '../../../../shared/contracts/staff.schemas.js';
import { eventText } from '../../ui/event-text.js';
import { formatWhen } from '../../ui/format.js';

export function Timeline({ events }: { events: AuditEvent[] }) {
  return (
    <ol className="staff-timeline">
      {events.map((event) => (
        <li key={event.id}>
          <span className="staff-timeline-what">{eventText(event)}</span>
          <span className="staff-timeline-who">
            <bdi>{event.actor ?? ''}</bdi> · {formatWhen(event.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}
