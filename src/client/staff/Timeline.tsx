import { fa } from '../../shared/strings.fa.js';
import { formatWhen } from './format.js';
import type { TimelineEvent } from './staff-api.js';

/** What an audit event did, in Persian: the status it moved to and why, a note's text, an export's size. */
export function describeEvent(event: TimelineEvent): string {
  const detail = event.detail ?? {};
  if (event.action === 'status' && detail.to) {
    const moved = `${fa.staff.moveTo} «${fa.staff.statuses[detail.to] ?? detail.to}»`;
    return detail.reason ? `${moved}: ${detail.reason}` : moved;
  }
  if (event.action === 'note' && detail.body) return detail.body;
  if (event.action === 'export' && detail.format && detail.count !== undefined) {
    return `${detail.format.toUpperCase()}، ${detail.count.toLocaleString('fa-IR')} ${fa.staff.registration}`;
  }
  return fa.staff.actions[event.action] ?? event.action;
}

export function Timeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="staff-timeline">
      {events.map((event) => (
        <li key={event.id}>
          <span className="staff-timeline-what">
            {fa.staff.actions[event.action] ?? event.action}: {describeEvent(event)}
          </span>
          <span className="staff-timeline-who">
            <bdi>{event.actor ?? ''}</bdi> · {formatWhen(event.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}
