import type { DefinitionVersionTable } from '../definition/definition-version.repository.js';
import type { CaptchaTable } from '../captcha/captcha.table.js';
import type { RegistrationTable } from '../registration/registration.table.js';
import type { AuditEventTable, RegistrationNoteTable } from '../staff/audit.table.js';
import type { SignInThrottleTable, StaffAccountTable, StaffSessionTable } from '../staff/staff.table.js';

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

export interface StepCountTable {
  day: string;
  tier: number;
  step: number;
  definition_version: string;
  count: number;
}

export interface Database {
  registrations: RegistrationTable;
  captchas: CaptchaTable;
  idempotency_keys: IdempotencyKeyTable;
  visit_counts: VisitCountTable;
  staff_accounts: StaffAccountTable;
  staff_sessions: StaffSessionTable;
  sign_in_throttle: SignInThrottleTable;
  audit_events: AuditEventTable;
  registration_notes: RegistrationNoteTable;
  definition_versions: DefinitionVersionTable;
  step_counts: StepCountTable;
  /** Read-only: the trigram index of pharmacy names (migration 011), by registration id. */
  registration_name_search: { rowid: number; pharmacy_name: string };
}
