import type { CaptchaTable } from '../captcha/captcha.table.js';
import type { RegistrationTable } from '../registration/registration.table.js';

export interface IdempotencyKeyTable {
  key: string;
  session: string;
  request_hash: string;
  /** The stored answer as JSON text; null only while the claiming transaction is open. */
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
