import { fa } from '../../shared/strings.fa.js';
import { formatWhen } from './format.js';
import type { TimelineEvent } from './staff-api.js';

/**
 * An audit event in Persian: its action, then what it did when there is more to say (the status it
 * moved to and why, a note's text, an export's size).
 */
export function eventText(event: TimelineEvent): string {
  const action = fa.staff.actions[event.action] ?? event.action;
  const detail = eventDetail(event);
  return detail ? `${action}: ${detail}` : action;
}

function eventDetail(event: TimelineEvent): string | undefined {
  const detail = event.detail ?? {};
  if (event.action === 'status' && detail.to) {
    const moved = `${fa.staff.movedTo} «${fa.staff.statuses[detail.to] ?? detail.to}»`;
    return detail.reason ? `${moved}؛ ${detail.reason}` : moved;
  }
  if (event.action === 'note' && detail.body) return detail.body;
  if (event.action === 'export' && detail.format && detail.count !== undefined) {
    return `${detail.format.toUpperCase()}، ${detail.count.toLocaleString('fa-IR')} ${fa.staff.registration}`;
  }
  return undefined;
}

export function Timeline({ events }: { events: TimelineEvent[] }) {
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
