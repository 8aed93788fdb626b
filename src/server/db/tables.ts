import type { DefinitionVersionTable } from '../definition/definition-version.repository.js';
import type {
  DefinitionDraftTable,
  DefinitionLiveTable,
  DefinitionPublicationTable,
} from '../definition/definition.table.js';
import type { CaptchaTable } from '../captcha/captcha.table.js';
import type { RegistrationTable } from '../registration/registration.table.js';
import type { AuditEventTable, RegistrationNoteTable } from '../staff/audit.table.js';
import type { CaseHandlingTable } from '../staff/case.table.js';
import type { StaffAccountTable, StaffSessionTable } from '../staff/staff.table.js';
import type { ThrottleTable } from '../throttle/throttle.table.js';
import type { CodeProofTable, MobileCodeTable } from '../mobile-code/mobile-code.table.js';
import type { SmsOutboxTable } from '../sms/sms.table.js';
import type { WebhookAttemptTable, WebhookEndpointTable, WebhookMessageTable } from '../webhooks/webhook.table.js';
import type { ApiKeyTable } from '../api-keys/api-key.table.js';

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
  /** Every limit counted in the database: staff sign-in, status lookups, SMS codes (migration 018). */
  throttle: ThrottleTable;
  audit_events: AuditEventTable;
  registration_notes: RegistrationNoteTable;
  definition_versions: DefinitionVersionTable;
  definition_live: DefinitionLiveTable;
  definition_draft: DefinitionDraftTable;
  definition_publications: DefinitionPublicationTable;
  step_counts: StepCountTable;
  case_handling: CaseHandlingTable;
  /** Read-only: the trigram index of pharmacy names (migration 011), by registration id. */
  registration_name_search: { rowid: number; pharmacy_name: string };
  /** Issue 20: the SMS queue and the mobile numbers' one-time codes (migration 014). */
  sms_outbox: SmsOutboxTable;
  mobile_codes: MobileCodeTable;
  /** Issue 23: proofs of work spent on a code (migration 015). */
  code_proofs: CodeProofTable;
  /** Issue 26: webhook endpoints, their outbox and the delivery log (migration 016). */
  webhook_endpoints: WebhookEndpointTable;
  webhook_messages: WebhookMessageTable;
  webhook_attempts: WebhookAttemptTable;
  /** Issue 26: the keys of the versioned read routes (migration 017). */
  api_keys: ApiKeyTable;
}
