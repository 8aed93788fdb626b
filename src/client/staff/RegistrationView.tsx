import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { MapSettings } from '../../shared/api-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { Timeline } from './Timeline.js';
import type { RegistrationPage } from './staff-api.js';

// Leaflet comes with the first registration opened, never with the list.
const RegistrationMap = lazy(() => import('./RegistrationMap.js'));

export interface RegistrationViewProps {
  registration: RegistrationPage;
  /** The wizard's map settings; without them (still loading, or a story) the map is left out. */
  mapSettings?: MapSettings;
  onBack: () => void;
  onMove: (to: string, reason?: string) => Promise<void>;
  onNote: (body: string) => Promise<void>;
  error?: string;
}

export function RegistrationView({ registration, mapSettings, onBack, onMove, onNote, error }: RegistrationViewProps) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const submitNote = async (event: FormEvent) => {
    event.preventDefault();
    await onNote(note);
    setNote('');
  };
  return (
    <article className="staff-card staff-registration">
      <button type="button" className="staff-link" onClick={onBack}>
        {fa.staff.back}
      </button>
      <h1>{registration.pharmacyName}</h1>
      <dl className="staff-facts">
        <dt>{fa.staff.trackingCode}</dt>
        <dd dir="ltr">{registration.trackingCode}</dd>
        <dt>{fa.staff.manager}</dt>
        <dd>{`${registration.firstName} ${registration.lastName}`}</dd>
        <dt>{fa.staff.mobile}</dt>
        <dd>
          <a href={`tel:${registration.mobileNumber}`} dir="ltr">
            {registration.mobileNumber}
          </a>
        </dd>
        <dt>{fa.staff.nationalCode}</dt>
        <dd dir="ltr">{registration.nationalCode}</dd>
        <dt>{fa.staff.statusFilter}</dt>
        <dd>
          <span className={`staff-status staff-status-${registration.status}`}>
            {fa.staff.statuses[registration.status] ?? registration.status}
          </span>
        </dd>
      </dl>
      {mapSettings && (
        <section className="staff-position">
          <h2>{fa.staff.position}</h2>
          <p className="staff-address">{registration.address}</p>
          <Suspense fallback={<p className="staff-map staff-map--loading">{fa.staff.mapLoading}</p>}>
            <RegistrationMap
              latitude={registration.latitude}
              longitude={registration.longitude}
              settings={mapSettings}
            />
          </Suspense>
        </section>
      )}
      {registration.next.length > 0 && (
        <div className="staff-actions">
          {registration.next.includes('rejected') && (
            <label>
              {fa.staff.reason}
              <input value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          )}
          {registration.next.map((to) => (
            <button
              key={to}
              type="button"
              className="staff-primary"
              onClick={() => void onMove(to, to === 'rejected' ? reason : undefined)}
            >
              {`${fa.staff.moveTo} «${fa.staff.statuses[to] ?? to}»`}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <form className="staff-note" onSubmit={(event) => void submitNote(event)}>
        <label>
          {fa.staff.noteLabel}
          <textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
        </label>
        <button type="submit" className="staff-primary">
          {fa.staff.addNote}
        </button>
      </form>
      {registration.duplicates.length > 0 && (
        <section>
          <h2>{fa.staff.duplicates}</h2>
          <ul>
            {registration.duplicates.map((other) => (
              <li key={other.id}>
                <bdi dir="ltr">{other.trackingCode}</bdi> — {other.pharmacyName}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2>{fa.staff.answers}</h2>
        <dl className="staff-facts">
          {registration.answers.map((answer) => (
            <div key={answer.path} className="staff-answer">
              <dt>{answer.title}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section>
        <h2>{fa.staff.timeline}</h2>
        <Timeline events={registration.timeline} />
      </section>
    </article>
  );
}
