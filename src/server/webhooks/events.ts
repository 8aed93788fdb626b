import type { Kysely } from 'kysely';
import type { WebhookPayload } from '../../shared/contracts/integrations.js';
import type { Database } from '../db/tables.js';
import { queueEvent } from './message.repository.js';

/** What every event says of its registration; the receiver fetches the rest with an API key. */
export interface RegistrationFacts {
  id: number;
  trackingCode: string;
  status: string;
  definitionVersion: string;
}

const data = (facts: RegistrationFacts): WebhookPayload['data'] => ({
  id: facts.id,
  trackingCode: facts.trackingCode,
  status: facts.status,
  definitionVersion: facts.definitionVersion,
});

/** Call in the transaction that stores the registration. */
export function queueRegistrationCreated(db: Kysely<Database>, facts: RegistrationFacts, now: number) {
  return queueEvent(
    db,
    { type: 'registration.created', timestamp: new Date(now).toISOString(), data: data(facts) },
    now,
  );
}

/** Call in the transaction that moves the status; the reason only when the applicant is shown it too. */
export function queueStatusChanged(
  db: Kysely<Database>,
  facts: RegistrationFacts,
  move: { from: string; to: string; byRole: string; shownReason?: string },
  now: number,
) {
  const at = new Date(now).toISOString();
  return queueEvent(
    db,
    {
      type: 'registration.status_changed',
      timestamp: at,
      data: {
        ...data(facts),
        from: move.from,
        to: move.to,
        at,
        byRole: move.byRole,
        ...(move.shownReason ? { reason: move.shownReason } : {}),
      },
    },
    now,
  );
}

/** Call in the transaction that hands the case over. */
export function queueAssigned(db: Kysely<Database>, facts: RegistrationFacts, now: number) {
  return queueEvent(
    db,
    { type: 'registration.assigned', timestamp: new Date(now).toISOString(), data: data(facts) },
    now,
  );
}
