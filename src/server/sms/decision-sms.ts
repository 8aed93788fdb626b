import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { decisionText } from './messages.js';
import { enqueueSms } from './outbox.repository.js';

/**
 * The staff console's status change calls this inside its transaction: an approval or a rejection
 * queues its SMS to the registration's mobile number with the change itself, so neither is kept
 * without the other. Any other change sends nothing.
 */
export async function queueDecisionSms(
  db: Kysely<Database>,
  change: { registrationId: number; to: string; publicUrl: string; now: number },
): Promise<void> {
  if (change.to !== 'approved' && change.to !== 'rejected') return;
  const registration = await db
    .selectFrom('registrations')
    .select(['tracking_code', 'mobile_number'])
    .where('id', '=', change.registrationId)
    .executeTakeFirst();
  if (!registration) return;
  await enqueueSms(
    db,
    {
      kind: change.to,
      receptor: registration.mobile_number,
      message: decisionText(change.publicUrl, change.to, registration.tracking_code),
      registrationId: change.registrationId,
    },
    change.now,
  );
}
