import type { Generated } from 'kysely';
import type { WebhookEventType } from '../../shared/contracts/integrations.js';

/** Why the server disabled an endpoint by itself: the receiver answered 410, or it failed for 5 days. */
export type DisabledReason = 'gone' | 'failing';

/** One receiver. Times are epoch milliseconds. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON array of the subscribed events, e.g. ["registration.created"]. */
  events: string;
  /** AES-256-GCM ciphertext of the `whsec_…` secret (webhook-crypto.ts). */
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** AES-256-GCM ciphertext of a JSON object of custom headers, name -> value. */
  headers: string | null;
  /** JSON array of the custom headers' names: what the console may show. */
  header_names: string;
  enabled: number;
  disabled_reason: DisabledReason | null;
  /** The first failed attempt since the last success; five days of failure disable the endpoint. */
  failing_since: number | null;
  created_at: number;
}

/** waiting → sending (claimed by one worker, under a lease) → delivered | failed; a failure goes back to waiting. */
export const WEBHOOK_MESSAGE_STATUSES = ['waiting', 'sending', 'delivered', 'failed'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/** One event owed to one endpoint: the outbox the worker sends from. */
export interface WebhookMessageTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The `webhook-id` header: the same for every attempt, so the receiver can deduplicate. */
  webhook_id: string;
  event: WebhookEventType;
  /** The exact body signed and sent, JSON text (WebhookPayload). */
  payload: string;
  status: WebhookMessageStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A random id of the worker's claim: only that worker may settle the row. */
  claim: string | null;
  claimed_until: number | null;
  created_at: number;
}

/** The delivery log: one row per attempt, what the receiver answered. */
export interface WebhookAttemptTable {
  id: Generated<number>;
  message_id: number;
  endpoint_id: number;
  attempt: number;
  /** The HTTP status, or null when there was no answer (timeout, refused connection, refused address). */
  status: number | null;
  delivered: number;
  at: number;
  /** The first 500 bytes of the answer, or why there was none. */
  answer: string;
}

declare module '../db/tables.js' {
  interface Database {
    /** Webhook endpoints, their outbox and the delivery log (migration 016). */
    webhook_endpoints: WebhookEndpointTable;
    webhook_messages: WebhookMessageTable;
    webhook_attempts: WebhookAttemptTable;
  }
}
