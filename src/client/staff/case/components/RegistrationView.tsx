import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MapSettings } from '../../../../shared/contracts/wizard-api.schemas.js';
import type { CaseStatus } from '../../../../shared/contracts/staff.js';
import type { CaseDetail } from '../../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { casePath } from '../../ui/case-path.js';
import { formatMobile, formatPersonNumber, formatWaiting, formatWhen, personName, telHref } from '../../ui/format.js';
import { Timeline } from './Timeline.js';

// Leaflet comes with the first registration opened, never with the list.
const RegistrationMap = lazy(() => import('./RegistrationMap.js'));

/** The answer that holds the position (latitude and longitude as one item, with the map). */
const POSITION_PATH = '/latitude';

export interface RegistrationViewProps {
  registration: CaseDetail;
  /** The wizard's map settings; without them (still loading, or a story) the map is left out. */
  mapSettings?: MapSettings;
  /** Where «بازگشت به فهرست» goes: the list as it was left, filters and page included. */
  backHref: string;
  /** Who handles the case, and the controls to change it. */
  assignment?: ReactNode;
  /** `showReason`: «نمایش به متقاضی» was ticked (the status page then shows the reason). */
  onMove: (to: CaseStatus, reason?: string, showReason?: boolean) => void;
  /** Resolves once the note is saved (the field is then emptied), rejects when it was refused. */
  onNote: (body: string) => Promise<unknown>;
  busy?: boolean;
  /** Why the last status change or note was refused, in the server's words. */
  error?: string;
  /** The moment waiting times are counted to (stories fix it). */
  now?: number;
}

export function RegistrationView(props: RegistrationViewProps) {
  const { registration, mapSettings, backHref, assignment, onMove, onNote, busy, error, now } = props;
  return (
    <article className="staff-card staff-registration">
      <Link to={backHref} className="staff-link">
        {faConsole.staff.back}
      </Link>
      <h1>{registration.pharmacyName}</h1>
      <CaseFacts registration={registration} now={now} />
      {assignment}
      <StatusActions next={registration.next} onMove={onMove} busy={busy} />
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <NoteForm onNote={onNote} busy={busy} />
      <Duplicates duplicates={registration.duplicates} />
      <Answers
        answers={registration.answers}
        map={mapSettings && <CaseMap registration={registration} settings={mapSettings} />}
      />
      <section>
        <h2>{faConsole.staff.timeline}</h2>
        <Timeline events={registration.timeline} />
      </section>
    </article>
  );
}

/** Who registered, how to reach them, and where the case stands. */
function CaseFacts({ registration, now }: { registration: CaseDetail; now?: number }) {
  return (
    <dl className="staff-facts">
      <dt>{faConsole.staff.trackingCode}</dt>
      <dd>
        <bdi dir="ltr" className="staff-code">
          {registration.trackingCode}
        </bdi>
      </dd>
      <dt>{faConsole.staff.manager}</dt>
      <dd>{personName(registration)}</dd>
      <dt>{faConsole.staff.mobile}</dt>
      <dd>
        <a href={telHref(registration.mobileNumber)} dir="ltr">
          {formatMobile(registration.mobileNumber)}
        </a>
      </dd>
      <dt>{faConsole.staff.nationalCode}</dt>
      <dd dir="ltr" className="staff-number">
        {formatPersonNumber(registration.nationalCode)}
      </dd>
      <dt>{faConsole.staff.statusFilter}</dt>
      <dd>
        <span className={`staff-status staff-status-${registration.status}`}>
          {faConsole.staff.statuses[registration.status] ?? registration.status}
        </span>
        {registration.waitingSince && (
          <span className="staff-waiting"> {formatWaiting(registration.waitingSince, now)}</span>
        )}
      </dd>
      <dt>{faConsole.staff.createdAt}</dt>
      <dd>{formatWhen(registration.createdAt)}</dd>
    </dl>
  );
}

/**
 * The statuses the case may move to; a rejection carries a reason. Mounted even when there is no
 * move left, so a reason typed before stays with the case's page.
 */
function StatusActions({
  next,
  onMove,
  busy,
}: Pick<RegistrationViewProps, 'onMove' | 'busy'> & { next: CaseStatus[] }) {
  const [reason, setReason] = useState('');
  const [showReason, setShowReason] = useState(false);
  if (next.length === 0) return null;
  return (
    <div className="staff-actions">
      {next.includes('rejected') && (
        <label>
          {faConsole.staff.reason}
          <input value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      {next.includes('rejected') && (
        <label>
          <input type="checkbox" checked={showReason} onChange={(event) => setShowReason(event.target.checked)} />
          {faConsole.staff.showReason}
        </label>
      )}
      {next.map((to) => (
        <button
          key={to}
          type="button"
          className="staff-primary"
          disabled={busy}
          onClick={() => (to === 'rejected' ? onMove(to, reason, showReason) : onMove(to))}
        >
          {`${faConsole.staff.moveTo} «${faConsole.staff.statuses[to] ?? to}»`}
        </button>
      ))}
    </div>
  );
}

function NoteForm({ onNote, busy }: Pick<RegistrationViewProps, 'onNote' | 'busy'>) {
  const [note, setNote] = useState('');
  const submitNote = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await onNote(note);
      setNote('');
    } catch {
      // The screen shows the server's message; what was typed stays.
    }
  };
  return (
    <form className="staff-note" onSubmit={(event) => void submitNote(event)}>
      <label>
        {faConsole.staff.noteLabel}
        <textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
      </label>
      <button type="submit" className="staff-primary" disabled={busy}>
        {faConsole.staff.addNote}
      </button>
    </form>
  );
}

function Duplicates({ duplicates }: { duplicates: CaseDetail['duplicates'] }) {
  if (duplicates.length === 0) return null;
  return (
    <section>
      <h2>{faConsole.staff.duplicates}</h2>
      <ul>
        {duplicates.map((other) => (
          <li key={other.id}>
            <Link to={casePath(other.id)} dir="ltr">
              {other.trackingCode}
            </Link>{' '}
            — {other.pharmacyName} ({faConsole.staff.statuses[other.status] ?? other.status})
          </li>
        ))}
      </ul>
    </section>
  );
}

function CaseMap({ registration, settings }: { registration: CaseDetail; settings: MapSettings }) {
  return (
    <Suspense fallback={<span className="staff-map staff-map--loading">{faConsole.staff.mapLoading}</span>}>
      <RegistrationMap latitude={registration.latitude} longitude={registration.longitude} settings={settings} />
    </Suspense>
  );
}

/** The wizard's answers; the map sits with the position, or on its own line when none was given. */
function Answers({ answers, map }: { answers: CaseDetail['answers']; map: ReactNode }) {
  return (
    <section>
      <h2>{faConsole.staff.answers}</h2>
      <dl className="staff-facts">
        {answers.map((answer) => (
          <div
            key={answer.path}
            className={answer.path === POSITION_PATH ? 'staff-answer staff-answer--position' : 'staff-answer'}
          >
            <dt>{answer.title}</dt>
            <dd>
              {answer.value}
              {answer.path === POSITION_PATH && map}
            </dd>
          </div>
        ))}
        {!answers.some((answer) => answer.path === POSITION_PATH) && map && (
          <div className="staff-answer staff-answer--position">
            <dt>{faConsole.staff.position}</dt>
            <dd>{map}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
