import type { CaptchaTable } from '../captcha/captcha.table.js';
import type { RegistrationTable } from '../registration/registration.table.js';

export interface IdempotencyKeyTable {
  key: string;
  session: string;
  request_hash: string;
  /** The answer as JSON text, written with the claim in the transaction that stores the registration. */
  response: string | null;
  created_at: number;
}

export interface VisitCountTable {
  day: string;
  tier: number;
  count: number;
}

export interface Database {
  registrations: RegistrationTable;
  captchas: CaptchaTable;
  idempotency_keys: IdempotencyKeyTable;
  visit_counts: VisitCountTable;
}
