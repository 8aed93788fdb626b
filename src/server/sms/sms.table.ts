import type { Generated } from 'kysely';
import type { SMS_KINDS, SMS_STATUSES } from '../../shared/contracts/followup.js';

export type SmsKind = (typeof SMS_KINDS)[number];
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** One queued SMS. Times are epoch milliseconds. */
export interface SmsOutboxTable {
  id: Generated<number>;
  kind: SmsKind;
  /** The mobile number, 11 digits: personal, shown masked and never logged. */
  receptor: string;
  message: string | null;
  token: string | null;
  registration_id: number | null;
  status: SmsStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A random id of the worker's claim: only that worker may settle the row. */
  claim: string | null;
  claimed_until: number | null;
  created_at: number;
  sent_at: number | null;
  last_error: string | null;
  provider_id: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    /** The SMS queue (migration 014). */
    sms_outbox: SmsOutboxTable;
  }
}
